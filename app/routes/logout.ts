import { redirect } from "react-router";
import { signOutHeaders } from "../.server/sign-in.ts";
import type { Route } from "./+types/logout";

/** Ends the session and sends the browser to /login as a full page load. */
export async function action({ context }: Route.ActionArgs) {
  return redirect("/login", { headers: await signOutHeaders(context) });
}

export function loader() {
  return redirect("/");
}
