import type { Locale } from "./locales.ts";

/*
 * The words a buyer is shown when asked about WhatsApp order updates (record 44). Each
 * opt-in and opt-out is kept with the words it was given in, so these are the proof of consent:
 * change them only with a new wording, never in place.
 */

/** The checkbox at checkout, unticked until the buyer ticks it. */
export const CHECKOUT_WHATSAPP_LABEL = "Send me order updates on WhatsApp";
export const CHECKOUT_WHATSAPP_HINT =
  "Kesar sends this order's updates (placed, shipped, out for delivery, delivered) to the mobile number above on WhatsApp, besides SMS. Reply STOP on WhatsApp, or turn them off on your profile, to stop them.";

/** What the checkout keeps as the consent's wording: the label and its explanation, as shown. */
export const CHECKOUT_WHATSAPP_WORDING = `${CHECKOUT_WHATSAPP_LABEL}. ${CHECKOUT_WHATSAPP_HINT}`;

/**
 * The same checkbox on a Hindi checkout (record 47). A buyer who ticks it there consents to these
 * words, so they are kept as the wording of that consent; like the English ones, they are changed
 * only with a new wording.
 */
export const CHECKOUT_WHATSAPP_LABEL_HINDI = "WhatsApp पर मुझे ऑर्डर के अपडेट भेजें";
export const CHECKOUT_WHATSAPP_HINT_HINDI =
  "Kesar इस ऑर्डर के अपडेट (ऑर्डर हुआ, भेजा गया, डिलीवरी के लिए निकला, डिलीवर हुआ) ऊपर दिए मोबाइल नंबर पर SMS के साथ WhatsApp पर भी भेजता है। इन्हें बंद करने के लिए WhatsApp पर STOP लिखकर भेजें, या अपनी प्रोफ़ाइल में बंद करें।";

/** The checkbox's label and explanation in the checkout page's language. */
export function checkoutWhatsappWords(locale: Locale): { label: string; hint: string } {
  return locale === "hi-IN"
    ? { label: CHECKOUT_WHATSAPP_LABEL_HINDI, hint: CHECKOUT_WHATSAPP_HINT_HINDI }
    : { label: CHECKOUT_WHATSAPP_LABEL, hint: CHECKOUT_WHATSAPP_HINT };
}

/** The consent's wording as the buyer was shown it, in the checkout page's language. */
export function checkoutWhatsappWording(locale: Locale): string {
  const { label, hint } = checkoutWhatsappWords(locale);
  return `${label}. ${hint}`;
}

/** The profile's switch, for the account's verified mobile number. */
export const PROFILE_WHATSAPP_ON =
  "Send my order updates (placed, shipped, out for delivery, delivered) to my mobile number on WhatsApp, besides SMS.";
export const PROFILE_WHATSAPP_OFF = "Stop sending my order updates on WhatsApp. SMS updates continue.";

/** The profile's switch on a Hindi page: the choice is kept with these words, as shown there. */
export const PROFILE_WHATSAPP_ON_HINDI =
  "मेरे ऑर्डर के अपडेट (ऑर्डर हुआ, शिप हुआ, डिलीवरी के लिए निकला, डिलीवर हुआ) SMS के साथ-साथ मेरे मोबाइल नंबर पर WhatsApp पर भी भेजें।";
export const PROFILE_WHATSAPP_OFF_HINDI = "मेरे ऑर्डर के अपडेट WhatsApp पर भेजना बंद करें। SMS से अपडेट आते रहेंगे।";

/** The words the profile's switch shows, and keeps with the choice, in the page's language. */
export function profileWhatsappWording(on: boolean, language: "en-IN" | "hi-IN" = "en-IN"): string {
  if (language === "hi-IN") return on ? PROFILE_WHATSAPP_ON_HINDI : PROFILE_WHATSAPP_OFF_HINDI;
  return on ? PROFILE_WHATSAPP_ON : PROFILE_WHATSAPP_OFF;
}
