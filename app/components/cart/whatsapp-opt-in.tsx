import { CHECKOUT_WHATSAPP_HINT, CHECKOUT_WHATSAPP_LABEL } from "#core/whatsapp-consent.ts";

/**
 * "Send me order updates on WhatsApp": unticked until the buyer ticks it. Its words are the ones the
 * consent is kept with (core/whatsapp-consent.ts). The explanation is the box's description, not
 * part of its name: a screen reader says the short name, and the form's "Mobile Number" field
 * stays the only control of that name.
 */
export function WhatsappOptIn() {
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id="whatsapp-updates"
        type="checkbox"
        name="whatsappUpdates"
        value="1"
        className="mt-1"
        aria-describedby="whatsapp-updates-hint"
      />
      <div>
        <label htmlFor="whatsapp-updates" className="font-medium">
          {CHECKOUT_WHATSAPP_LABEL}
        </label>
        <p id="whatsapp-updates-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
          {CHECKOUT_WHATSAPP_HINT}
        </p>
      </div>
    </div>
  );
}
