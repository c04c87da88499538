import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { FieldError } from "./form-error.tsx";

type FieldFrameProps = { id: string; label: string; error?: string; hint?: string; children: ReactNode };

/** The ids a field's hint and error get, for its aria-describedby. */
function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** A label above a control, with the hint and error below it. */
function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  /** Lines of text: a number makes it a multi-line field (an address). */
  rows?: number;
};

/** A labelled input (or, with `rows`, a text area) with its hint and error tied to it for screen readers. */
export function TextField({ name, label, error, hint, id, rows, ...input }: TextFieldProps) {
  const fieldId = id ?? `field-${name}`;
  const common = {
    id: fieldId,
    name,
    className: "field",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(fieldId, hint, error),
  };
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint}>
      {rows ? (
        <textarea {...common} {...(input as TextareaHTMLAttributes<HTMLTextAreaElement>)} rows={rows} />
      ) : (
        <input {...common} {...input} />
      )}
    </FieldFrame>
  );
}
