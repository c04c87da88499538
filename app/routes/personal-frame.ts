import { loadPersonalFrame } from "../.server/frame.ts";
import type { Route } from "./+types/personal-frame";

/**
 * The shopper's own part of the frame (name, cart and wishlist counts), which a page served from
 * the shared page cache asks for once it is up. Personal, so never kept by anything in between.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return loadPersonalFrame(context);
}
