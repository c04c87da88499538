import { randomUUID } from "node:crypto";
import { type RouterContextProvider, redirect, redirectDocument } from "react-router";
import type { Toast, ToastKind } from "#core/toast.ts";
import { shopCookies } from "#server/http/cookies.ts";
import { appServices, cookieSecurity } from "./context.ts";

export function makeToast(
  kind: ToastKind,
  message: string,
  durationMs?: number,
  action?: { label: string; to: string },
): Toast {
  return { id: randomUUID(), kind, message, ...(durationMs ? { durationMs } : {}), ...(action ? { action } : {}) };
}

/** Queues a toast on a response; the next page load (or revalidation) shows it once. */
export async function withToast(
  context: Readonly<RouterContextProvider>,
  toast: Toast,
  headers: Headers = new Headers(),
): Promise<Headers> {
  const cookies = shopCookies(appServices(context).config.sessionSecret);
  headers.append("Set-Cookie", await cookies.toast.serialize(toast, cookieSecurity(context)));
  return headers;
}

export async function redirectWithToast(
  context: Readonly<RouterContextProvider>,
  to: string,
  toast: Toast,
  init: { headers?: Headers; newDocument?: boolean } = {},
): Promise<Response> {
  const headers = await withToast(context, toast, init.headers);
  // A new document leaves behind what the page before it set for itself (its referrer policy).
  return init.newDocument ? redirectDocument(to, { headers }) : redirect(to, { headers });
}

/** Reads the queued toast, if any, and the header that clears it. */
export async function takeToast(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("toast=")) return { toast: null, headers };
  const cookies = shopCookies(appServices(context).config.sessionSecret);
  const value: unknown = await cookies.toast.parse(cookieHeader);
  headers.append("Set-Cookie", await cookies.toast.serialize("", { ...cookieSecurity(context), maxAge: 0 }));
  return { toast: isToast(value) ? value : null, headers };
}

function isToast(value: unknown): value is Toast {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Toast).id === "string" &&
    typeof (value as Toast).message === "string" &&
    isSafeAction((value as Toast).action)
  );
}

/** A toast's button leads only to a page of the shop. */
function isSafeAction(action: Toast["action"]): boolean {
  return action === undefined || (typeof action.label === "string" && /^\/(?!\/)/.test(String(action.to)));
}
