import { AppError } from "../errors.ts";

export const FORM_LIMIT_BYTES = 64 * 1024;

/**
 * Reads a posted form, refusing bodies over the limit while they stream in (a missing or false
 * Content-Length cannot get past it).
 */
export async function readForm(request: Request, maxBytes: number = FORM_LIMIT_BYTES): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new FormData();
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
  const contentType = request.headers.get("Content-Type") ?? "";
  try {
    return await new Response(limited, { headers: { "Content-Type": contentType } }).formData();
  } catch (error) {
    if (error instanceof AppError || received > maxBytes) throw tooLarge(maxBytes);
    throw new AppError("validation-failed", "The form could not be read. Please try again.");
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
