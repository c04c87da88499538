import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { FieldError } from "./form-error.tsx";

type FieldFrameProps = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Something to reconsider, though not wrong (shown in amber, announced politely). */
  warning?: string;
  children: ReactNode;
};

/** The ids a field's hint and error get, for its aria-describedby. */
function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** A label above a control, with the hint and error below it. */
export function FieldFrame({ id, label, error, hint, warning, children }: FieldFrameProps) {
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
      {warning ? (
        <p role="status" className="mt-1 text-xs font-medium text-amber-800 dark:text-amber-300">
          {warning}
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
  warning?: string;
};

/** A labelled input (or, with `rows`, a text area) with its hint and error tied to it for screen readers. */
export function TextField({ name, label, error, hint, warning, id, rows, ...input }: TextFieldProps) {
  const fieldId = id ?? `field-${name}`;
  const common = {
    id: fieldId,
    name,
    className: "field",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(fieldId, hint, error),
  };
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} warning={warning}>
      {rows ? (
        <textarea {...common} {...(input as TextareaHTMLAttributes<HTMLTextAreaElement>)} rows={rows} />
      ) : (
        <input {...common} {...input} />
      )}
    </FieldFrame>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  /** What the empty first choice says ("Select…"). */
  placeholder: string;
  options: readonly { value: string; label: string }[];
};

/** A labelled select with its hint and error tied to it, like TextField. */
export function SelectField({ name, label, error, hint, id, placeholder, options, ...select }: SelectFieldProps) {
  const fieldId = id ?? `field-${name}`;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint}>
      <select
        id={fieldId}
        name={name}
        className="field"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...select}
      >
        <option value="">{placeholder}</option>
        <Options options={options} />
      </select>
    </FieldFrame>
  );
}

/** A select's choices: each one's value, and the words shown for it. */
export function Options({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** The e-mail address field of the account forms, as browsers and password managers expect it. */
export function EmailField({ error }: { error?: string | undefined }) {
  return <TextField name="email" label="Email" type="email" autoComplete="email" required error={error} />;
}
