import { checkoutWhatsappWords } from "#core/whatsapp-consent.ts";
import { useLocale } from "../../locales/i18n.ts";

/**
 * "Send me order updates on WhatsApp": unticked until the buyer ticks it. Its words are the ones the
 * consent is kept with (core/whatsapp-consent.ts). The explanation is the box's description, not
 * part of its name: a screen reader says the short name, and the form's "Mobile Number" field
 * stays the only control of that name.
 */
export function WhatsappOptIn() {
  // The words the consent is kept with, in the page's language (the order is placed in it too).
  const words = checkoutWhatsappWords(useLocale());
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
          {words.label}
        </label>
        <p id="whatsapp-updates-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
          {words.hint}
        </p>
      </div>
    </div>
  );
}
