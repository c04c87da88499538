import { z } from "zod";
import { readWholeNumber } from "#core/numbers.ts";

const text = (longest: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, longest) || undefined);

/** The audit log's address: by person, kind, subject, and the page (entries before an id). Forgiving. */
export const auditQuerySchema = z.object({
  person: text(64),
  kind: text(64),
  subject: text(32),
  subjectId: text(200),
  before: z
    .string()
    .optional()
    .transform((value) => (value ? readWholeNumber(value) : undefined)),
});
