import type { InputHTMLAttributes } from "react";
import { FieldError } from "./form-error.tsx";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({ name, label, error, hint, id, ...input }: TextFieldProps) {
  const fieldId = id ?? `field-${name}`;
  const describedBy = [hint ? `${fieldId}-hint` : null, error ? `${fieldId}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={fieldId} className="label">
        {label}
      </label>
      <input
        id={fieldId}
        name={name}
        className="field"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}
