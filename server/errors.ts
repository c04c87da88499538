/**
 * The one list of error codes the shop can answer with. Each maps to an HTTP status and a message
 * that is safe to show to the person who caused it.
 */
export const ERROR_CODES = {
  "validation-failed": 400,
  "not-found": 404,
  unauthenticated: 401,
  forbidden: 403,
  "cross-site-request": 403,
  "payload-too-large": 413,
  "unsupported-media-type": 415,
  "email-already-in-use": 409,
  "invalid-credential": 401,
  "user-disabled": 403,
  "too-many-requests": 429,
  "requires-recent-login": 403,
  "weak-password": 400,
  "out-of-stock": 409,
  "idempotency-conflict": 409,
  "invalid-transition": 409,
  "stale-update": 409,
  "eway-bill-required": 409,
  "points-unavailable": 400,
  "store-credit-changed": 409,
  "price-changed": 409,
  "offer-refused": 409,
  "cart-empty": 400,
  "expired-action-code": 410,
  "online-payment-off": 409,
  "cod-not-offered": 409,
  "payment-unverified": 400,
  "payment-not-due": 409,
  "payment-unavailable": 503,
  "invalid-action-code": 400,
  "courier-booking-off": 409,
  "courier-refused": 409,
  "courier-unavailable": 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly userMessage: string;
  readonly fieldErrors: FieldErrors | undefined;
  /** Required fields were left empty: the message is then the form's own "All fields are required". */
  readonly fieldsMissing: boolean;

  constructor(
    code: ErrorCode,
    userMessage: string,
    fieldErrors?: FieldErrors,
    options: { fieldsMissing?: boolean } = {},
  ) {
    super(`${code}: ${userMessage}`);
    this.code = code;
    this.status = ERROR_CODES[code];
    this.userMessage = userMessage;
    this.fieldErrors = fieldErrors;
    this.fieldsMissing = options.fieldsMissing ?? false;
  }
}
