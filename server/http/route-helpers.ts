import { randomUUID } from "node:crypto";
import { data, type RouterContextProvider, redirect } from "react-router";
import { type AppServices, appContext, type RequestInfo, requestContext } from "#app-context";
import type { Toast, ToastKind } from "../../app/lib/toast.ts";
import { isAppError } from "../errors.ts";
import { shopCookies } from "./cookies.ts";

export function appServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appContext);
}

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestContext);
}

export function makeToast(kind: ToastKind, message: string, durationMs?: number): Toast {
  return { id: randomUUID(), kind, message, ...(durationMs ? { durationMs } : {}) };
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
  init: { headers?: Headers } = {},
): Promise<Response> {
  return redirect(to, { headers: await withToast(context, toast, init.headers) });
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
    typeof (value as Toast).message === "string"
  );
}

/** Cookies are marked Secure whenever the shop is reached over HTTPS. */
export function cookieSecurity(context: Readonly<RouterContextProvider>): { secure: boolean } {
  return { secure: requestInfo(context).secure };
}

/**
 * Runs a service call for a loader: a known AppError becomes an HTTP error response with its status
 * and safe message (rendered by the error boundary); anything else is left to be a 500.
 */
export async function orErrorResponse<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) {
      throw data({ code: error.code, message: error.userMessage }, { status: error.status });
    }
    throw error;
  }
}

export type FormFailure = { ok: false; code: string; message: string; fieldErrors: Record<string, string> };

/**
 * Turns a service's AppError into the form's answer (its status, message and per-field messages);
 * anything else is not the shopper's doing and is rethrown.
 */
export function formFailure<Values extends Record<string, string> = Record<string, never>>(
  error: unknown,
  prefix?: string,
  values?: Values,
) {
  if (!isAppError(error)) throw error;
  const failure: FormFailure & { values?: Values } = {
    ok: false,
    code: error.code,
    message: prefix ? `${prefix}: ${error.userMessage}` : error.userMessage,
    fieldErrors: error.fieldErrors ?? {},
    // What was typed, so that a form rendered again without JavaScript keeps it.
    ...(values ? { values } : {}),
  };
  return data(failure, { status: error.status });
}

/** Who is asking, for a service call: taken from the session, never from the request's fields. */
export function clientMeta(context: Readonly<RouterContextProvider>, request: Request) {
  return { ip: requestInfo(context).ip, userAgent: request.headers.get("User-Agent") };
}

/** A plain form post (no JavaScript) navigates; a fetcher's post does not. */
export function isDocumentSubmission(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Mode") === "navigate";
}

/**
 * The answer to a small action (add to cart, remove…): a toast, plus either the data a fetcher
 * expects or, for a plain form post, a redirect back to the page it came from.
 */
export async function actionDone(
  context: Readonly<RouterContextProvider>,
  request: Request,
  toast: Toast,
  options: { backTo: string; headers?: Headers },
) {
  const headers = await withToast(context, toast, options.headers);
  if (isDocumentSubmission(request)) return redirect(options.backTo, { headers });
  return data({ ok: true as const, message: toast.message }, { headers });
}

/** A small action that failed: the message as an error toast, back on the page for a plain post. */
export async function actionFailed(
  context: Readonly<RouterContextProvider>,
  request: Request,
  error: unknown,
  options: { backTo: string; prefix?: string; headers?: Headers },
) {
  if (!isAppError(error)) throw error;
  const message = options.prefix ? `${options.prefix}: ${error.userMessage}` : error.userMessage;
  if (isDocumentSubmission(request)) {
    return redirect(options.backTo, {
      headers: await withToast(context, makeToast("error", message), options.headers),
    });
  }
  const failure: FormFailure = { ok: false, code: error.code, message, fieldErrors: error.fieldErrors ?? {} };
  return data(failure, { status: error.status, headers: options.headers });
}
