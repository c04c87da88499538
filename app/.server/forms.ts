import { z } from "zod";
import { AppError } from "#server/errors.ts";
import { declaredBodyLength } from "#server/http/body-length.ts";
import { safeRedirectPath } from "../lib/safe-redirect.ts";

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

/** A form's schema: its fields as one object, or a union of objects (one per kind of submission). */
export type FormSchema = z.ZodObject | z.ZodUnion<readonly z.ZodObject[]>;

/**
 * A posted form read by its schema, the one declaration of its fields: each field the schema names
 * (in any of a union's objects), as the browser sent it: text as a string ("" when the form lacks
 * it, left out when empty and the schema may go without it: a default or an optional field), a list
 * as every value given, a checkbox as whether it was ticked. The service parses the result with that
 * same schema and answers a refusal with one message per field.
 */
export function formFields<Schema extends FormSchema>(form: FormData, schema: Schema): z.input<Schema> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of fieldsOf(schema)) {
    const { kind, mayBeLeftOut } = fieldKind(field);
    if (kind === "list") values[name] = form.getAll(name).filter((value) => typeof value === "string");
    else if (kind === "checkbox") values[name] = CHECKED.has(String(form.get(name) ?? ""));
    else {
      const value = form.get(name);
      const text = typeof value === "string" ? value : "";
      if (text !== "" || !mayBeLeftOut) values[name] = text;
    }
  }
  return values as z.input<Schema>;
}

/**
 * The fields a route reads for itself (which button was pressed, where to go back to), parsed by
 * their schema; a form that does not fit is refused with a clear 400.
 */
export function routeFields<Schema extends FormSchema>(form: FormData, schema: Schema): z.output<Schema> {
  const parsed = schema.safeParse(formFields(form, schema));
  if (!parsed.success) throw new AppError("validation-failed", parsed.error.issues[0]?.message ?? "Unknown action.");
  return parsed.data as z.output<Schema>;
}

/** A file chosen in a file field, or null when none was chosen. */
export function chosenFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}

const CHECKED = new Set(["1", "on", "true", "yes"]);

/** Every field a schema names, a union's objects one after another. */
function fieldsOf(schema: FormSchema): [string, z.ZodType][] {
  const objects: readonly z.ZodObject[] = schema instanceof z.ZodUnion ? schema.options : [schema as z.ZodObject];
  return objects.flatMap((object) => Object.entries(object.shape) as [string, z.ZodType][]);
}

type FieldKind = { kind: "list" | "checkbox" | "text"; mayBeLeftOut: boolean };

/** How a schema's field arrives from a form, seen through its defaults, optionals and pipes. */
function fieldKind(field: z.ZodType, mayBeLeftOut = false): FieldKind {
  const def = field._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
  if (def.type === "array") return { kind: "list", mayBeLeftOut };
  if (def.type === "boolean") return { kind: "checkbox", mayBeLeftOut };
  const inner = def.innerType ?? def.in;
  const leftOut = mayBeLeftOut || def.type === "default" || def.type === "optional";
  return inner ? fieldKind(inner, leftOut) : { kind: "text", mayBeLeftOut };
}

/** A page to go back to, from a hidden field: a path of this shop, else the fallback. */
export function returnPath(fallback: string) {
  return z
    .string()
    .optional()
    .transform((value) => safeRedirectPath(value, fallback));
}
