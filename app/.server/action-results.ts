import { data, type RouterContextProvider, redirect } from "react-router";
import type { Toast } from "#core/toast.ts";
import { refusalOf } from "#server/http/service-errors.ts";
import { isDocumentSubmission } from "./context.ts";
import { makeToast, withToast } from "./toasts.ts";

export type FormFailure = { ok: false; code: string; message: string; fieldErrors: Record<string, string> };

/**
 * Turns a refusal into the form's answer (its status, message and per-field messages); anything
 * else is not the shopper's doing and is rethrown. The prefix names a failed action ("Failed to
 * place the order: …"); "All fields are required" stands alone, said once.
 */
export function formFailure<Values extends Record<string, string> = Record<string, never>>(
  error: unknown,
  prefix?: string,
  values?: Values,
) {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  const failure: FormFailure & { values?: Values } = {
    ok: false,
    code: refusal.code,
    message: prefix && !refusal.fieldsMissing ? `${prefix}: ${refusal.message}` : refusal.message,
    fieldErrors: refusal.fieldErrors,
    // What was typed, so that a form rendered again without JavaScript keeps it.
    ...(values ? { values } : {}),
  };
  return data(failure, { status: refusal.status });
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
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  const message = options.prefix ? `${options.prefix}: ${refusal.message}` : refusal.message;
  if (isDocumentSubmission(request)) {
    return redirect(options.backTo, {
      headers: await withToast(context, makeToast("error", message), options.headers),
    });
  }
  const failure: FormFailure = { ok: false, code: refusal.code, message, fieldErrors: refusal.fieldErrors };
  return data(failure, { status: refusal.status, headers: options.headers });
}
