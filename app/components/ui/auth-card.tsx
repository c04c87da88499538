import { Form, Link } from "../../locales/link.tsx";
import { FormError } from "./form-error.tsx";
import { SubmitButton } from "./submit-button.tsx";

type AuthCardProps = {
  title: string;
  /** The way to the other form: "Don't have an account?" → Signup, and back. */
  other: { question: string; label: string; to: string };
  children: React.ReactNode;
};

/** The centred card of the login and signup screens, with the link to the other one. */
export function AuthCard({ title, other, children }: AuthCardProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16">
      <div className="card flex flex-col gap-5 p-8">
        <h1 className="text-center font-display text-3xl font-semibold">{title}</h1>
        {children}
        <p className="text-center text-sm">
          {other.question}{" "}
          <Link to={other.to} className="font-semibold text-gold-700 underline dark:text-gold-300">
            {other.label}
          </Link>
        </p>
      </div>
    </div>
  );
}

type AuthFormProps = {
  /** A line above the fields saying what the form does. */
  intro?: React.ReactNode;
  /** The form's error from its action, shown once above the fields. */
  message: string | null | undefined;
  /** Each field's problem and the fields' labels, for a banner that names and links them. */
  fieldErrors?: Record<string, string> | undefined;
  labels?: Record<string, string>;
  submit: { label: string; pendingLabel: string; className?: string };
  children: React.ReactNode;
  /** Below the button: a way out, for a form that ends something. */
  after?: React.ReactNode;
};

/** The form of an account screen: posted as a plain form, its error once at the top, one button. */
export function AuthForm({ intro, message, fieldErrors, labels, submit, children, after }: AuthFormProps) {
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      {intro ? <p className="text-sm text-zinc-700 dark:text-zinc-300">{intro}</p> : null}
      <FormError message={message} fieldErrors={fieldErrors} labels={labels} />
      {children}
      <SubmitButton
        label={submit.label}
        pendingLabel={submit.pendingLabel}
        className={submit.className ?? "btn-primary w-full"}
      />
      {after}
    </Form>
  );
}
