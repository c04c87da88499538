import { AppError } from "#server/errors.ts";
import { declaredBodyLength } from "#server/http/body-length.ts";

export const FORM_LIMIT_BYTES = 64 * 1024;

/**
 * Reads a posted form, refusing bodies over the limit while they stream in (a missing or false
 * Content-Length cannot get past it).
 */
export async function readForm(request: Request, maxBytes: number = FORM_LIMIT_BYTES): Promise<FormData> {
  if ((declaredBodyLength.get(request) ?? 0) > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new FormData();
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType)) {
    throw new AppError("unsupported-media-type", "Please send the form as a web form (form data).");
  }
  let received = 0;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(tooLarge(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Response(limited, { headers: { "Content-Type": contentType } }).formData();
  } catch (error) {
    if (error instanceof AppError || received > maxBytes) throw tooLarge(maxBytes);
    throw new AppError("validation-failed", "The form could not be read. Please try again.");
  }
  refuseNulBytes(form);
  return form;
}

/**
 * A NUL byte has no place in any field, and PostgreSQL refuses it in text: the form is refused
 * here, with a clear message, before any of it reaches a service.
 */
function refuseNulBytes(form: FormData): void {
  for (const [name, value] of form) {
    const text = typeof value === "string" ? value : value.name;
    if (text.includes("\u0000") || name.includes("\u0000")) {
      throw new AppError("validation-failed", "The form contains a character that is not allowed (a NUL byte).");
    }
  }
}

function tooLarge(maxBytes: number): AppError {
  const megabytes = maxBytes / (1024 * 1024);
  const limit = megabytes >= 1 ? `${Math.round(megabytes)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new AppError("payload-too-large", `The form is too large (the limit is ${limit}).`);
}

/** A text field, trimmed; absent or non-text fields read as "". */
export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}
