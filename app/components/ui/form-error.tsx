import { useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";

/** The lead of a form's summary: what the form's message says before the first field's own sentence. */
function leadOf(message: string): string | null {
  if (message.startsWith("All fields are required")) return "All fields are required.";
  // A failed action's name ("Failed to place the order: …"), put before the field's own problem.
  const action = /^((?:Failed to|Error) [^:]+|Login failed):/.exec(message);
  return action ? `${action[1]}.` : null;
}

type FormErrorProps = {
  message: string | null | undefined;
  id?: string;
  /** Each field's problem, by field name; it is said beside the field. */
  fieldErrors?: Record<string, string>;
  /** The visible fields' labels, by name: the summary names them and links to them (a field whose
   * control is not `field-<name>` gives its id). */
  labels?: Record<string, string | { label: string; id: string }>;
  /** What the summary starts with, instead of what the message says (null: nothing). */
  lead?: string | null;
};

/**
 * A form's error, once, at the top of the form; screen readers hear it (role="alert"). When fields
 * are at fault, it names them and links to each ("2 fields need attention: Pincode, Mobile
 * Number"), and each field's own sentence stands beside it, said once.
 */
export function FormError({ message: sent, id, fieldErrors = {}, labels = {}, ...props }: FormErrorProps) {
  const t = useT();
  if (!sent) return null;
  const message = serviceText(t, sent);
  // In the form's own order.
  const named = Object.keys(labels).filter((name) => name in fieldErrors);
  const lead = props.lead === undefined ? leadOf(sent) : props.lead;
  const summary =
    named.length === 1 ? t("form.fieldNeedsAttention") : t("form.fieldsNeedAttention", { count: named.length });
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
    >
      {named.length === 0 ? (
        message
      ) : (
        <>
          {lead ? `${serviceText(t, lead.replace(/\.$/, ""))}. ` : null}
          {summary}
          {named.map((name, index) => {
            const field = labels[name];
            const { label, id: target } = typeof field === "object" ? field : { label: field, id: `field-${name}` };
            return (
              <span key={name}>
                {index > 0 ? ", " : null}
                <a href={`#${target}`} className="font-semibold underline">
                  {label}
                </a>
              </span>
            );
          })}
        </>
      )}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const t = useT();
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600 dark:text-red-400">
      {serviceText(t, message)}
    </p>
  );
}
