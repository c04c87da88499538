import { readFileSync } from "node:fs";
import Ajv from "ajv";

/**
 * The GSTR-1 upload format of the GST Returns Offline Tool V3.2.4, as the repository describes it
 * (docs/gstr1-offline-tool.schema.json), compiled once with ajv. Amounts to the paisa are checked
 * with `multipleOf: 0.01`, which needs ajv's decimal precision to hold for binary fractions.
 */
const validate = new Ajv({ allErrors: true, multipleOfPrecision: 2 }).compile(
  JSON.parse(readFileSync(new URL("../../docs/gstr1-offline-tool.schema.json", import.meta.url), "utf8")),
);

/** The schema's complaints about a file: none when it is valid. */
export function gstr1FileErrors(file: unknown) {
  return validate(file) ? [] : (validate.errors ?? []);
}
