import { CHECKOUT_WHATSAPP_HINT, CHECKOUT_WHATSAPP_LABEL } from "#core/whatsapp-consent.ts";

/**
 * "Send me order updates on WhatsApp": unticked until the buyer ticks it. Its words are the ones the
 * consent is kept with (core/whatsapp-consent.ts).
 */
export function WhatsappOptIn() {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        name="whatsappUpdates"
        value="1"
        className="mt-1"
        aria-describedby="whatsapp-updates-hint"
      />
      <span>
        <span className="font-medium">{CHECKOUT_WHATSAPP_LABEL}</span>
        <span id="whatsapp-updates-hint" className="block text-xs text-zinc-600 dark:text-zinc-400">
          {CHECKOUT_WHATSAPP_HINT}
        </span>
      </span>
    </label>
  );
}
