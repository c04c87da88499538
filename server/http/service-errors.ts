import { data } from "react-router";
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

/**
 * The one mapping from an error to an HTTP answer: a service's AppError keeps its status, code and
 * message; a 4xx raised by the HTTP layer (a body too large, a parser refusing a body) gets a plain
 * message. Anything else is null: it is the shop's fault, logged and answered with a generic 500.
 */
export function refusalOf(error: unknown): HttpRefusal | null {
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
