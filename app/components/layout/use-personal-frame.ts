import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { Frame, PersonalFrame } from "../../.server/frame.ts";
import { isKnownVisitor } from "../../lib/known-visitor.ts";
import { inOwnTask } from "../../lib/own-task.ts";

const STRANGER: PersonalFrame = { viewer: null, cartCount: 0, wishlistCount: 0, wishlisted: [] };

/**
 * The shopper's name and counts for the header. A page from the shared page cache was rendered for
 * a stranger: it asks /frame for the shopper's own once it is up (and, as a fetcher, again after
 * every form the shopper sends). Any later frame the root loader sends is the shopper's own.
 */
export function usePersonalFrame(frame: Frame | undefined): PersonalFrame {
  const { load, data, state } = useFetcher<PersonalFrame>({ key: "personal-frame" });
  const needed = frame !== undefined && !frame.personal;
  useEffect(() => {
    if (needed && !data && state === "idle" && isKnownVisitor()) return inOwnTask(() => void load("/frame"));
  }, [needed, data, state, load]);
  if (!frame) return STRANGER;
  return frame.personal ? frame : (data ?? frame);
}
