import { data } from "react-router";
import { isDatabaseUnreachable } from "../db/database.ts";
import { AppError, type FieldErrors } from "../errors.ts";

/** A refusal as HTTP carries it: the status, the code, and messages safe to show to the shopper. */
export type HttpRefusal = {
  status: number;
  code: string;
  message: string;
  fieldErrors: FieldErrors;
  /** Required fields were left empty. */
  fieldsMissing?: boolean;
};

const CLIENT_MESSAGES: Record<number, string> = {
  400: "The request could not be read.",
  413: "The request is too large.",
  415: "This kind of content is not accepted here.",
  429: "Too many requests. Please wait a moment and try again.",
};

/** What a request that needed the database hears while the database cannot be reached. */
export const UNAVAILABLE_MESSAGE = "The shop is unavailable for a moment. Please try again shortly.";
/** Seconds a client is asked to wait before trying again then (Retry-After). */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * The one mapping from an error to an HTTP answer: a service's AppError keeps its status, code and
 * message; a 4xx raised by the HTTP layer (a body too large, a parser refusing a body) gets a plain
 * message; a database that cannot be reached at the moment is a 503 (nothing was done; trying again
 * shortly may work). Anything else is null: it is the shop's fault, logged and answered with a
 * generic 500.
 */
export function refusalOf(error: unknown): HttpRefusal | null {
  if (isDatabaseUnreachable(error)) {
    return { status: 503, code: "unavailable", message: UNAVAILABLE_MESSAGE, fieldErrors: {} };
  }
  if (error instanceof AppError) {
    const { status, code, userMessage: message, fieldErrors, fieldsMissing } = error;
    return { status, code, message, fieldErrors: fieldErrors ?? {}, fieldsMissing };
  }
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const message = CLIENT_MESSAGES[status] ?? "The request could not be handled.";
    return { status, code: "request", message, fieldErrors: {} };
  }
  return null;
}

/**
 * For loaders and actions: a refusal becomes a thrown error response, which the nearest error
 * boundary shows with its status and message; anything else is rethrown as it is (a 500).
 */
export function asErrorResponse(error: unknown): unknown {
  const refusal = refusalOf(error);
  if (!refusal) return error;
  return data({ code: refusal.code, message: refusal.message }, { status: refusal.status });
}
