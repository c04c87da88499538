import { useNavigation } from "react-router";

/**
 * Whether a form's post is on its way: any POST navigation, or only the one to `action`, or only
 * the one carrying `intent` (for a page with several forms).
 */
export function useFormPending(match: { action?: string; intent?: string } = {}): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST") return false;
  if (match.action && navigation.formAction !== match.action) return false;
  if (match.intent !== undefined && (navigation.formData?.get("intent") ?? "") !== match.intent) return false;
  return true;
}

type SubmitButtonProps = {
  label: string;
  pendingLabel: string;
  className?: string;
  /** Which form's post this button waits for (see useFormPending). */
  action?: string;
  intent?: string;
};

/** A form's submit button that says what is happening while the post is on its way, and cannot be pressed twice. */
export function SubmitButton({ label, pendingLabel, className = "btn-primary", action, intent }: SubmitButtonProps) {
  const pending = useFormPending({ action, intent });
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}

/**
 * The button of one of a page's several forms: the form posts its intent (which the action reads
 * to tell the forms apart), and the button waits for that post alone.
 */
export function IntentSubmit({ intent, ...button }: Omit<SubmitButtonProps, "intent" | "action"> & { intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton {...button} intent={intent} />
    </>
  );
}
