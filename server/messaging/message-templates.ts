/*
 * Every SMS and WhatsApp message the shop sends, as the templates registered for it.
 *
 * SMS in India goes out only under a header and a content template registered on the operators'
 * DLT platform (TRAI's TCCCPR 2018): the text must match the registered one, with `{#var#}` where a
 * value goes, at most 30 characters each. A Hindi text is a template of its own (Unicode). So each
 * message has one text per language, each with its own DLT template id (SMS_TEMPLATES). `{site}` is
 * the shop's own address (PUBLIC_URL without the scheme), written into the text as registered:
 * links must be whitelisted with the template, so the address is fixed and only the path varies.
 *
 * A link is a short one (`{site}/m/{#var#}`, server/messaging/message-links.ts): an order's own
 * link is longer than the 30 characters a variable may hold. The cash-on-delivery confirmation
 * carries its own code, short enough (`{site}/confirm/{#var#}`).
 *
 * WhatsApp order updates are Meta-approved utility templates of the same names in both languages,
 * their body's {{1}}, {{2}}… the same values in the same order. A sign-in code goes by SMS only.
 */

export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];

/** A page's or an order's locale as a message's language ("hi-IN" → "hi"); anything unknown is English. */
export function languageOfLocale(locale: string): Language {
  const language = locale.slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : "en";
}

export type MessageKind =
  | "phone-code"
  | "order-placed"
  | "order-shipped"
  | "out-for-delivery"
  | "delivery-failed"
  | "order-delivered"
  | "cod-confirm";

/** A template with its language: the key SMS_TEMPLATES maps to a DLT template id. */
export type TemplateKey = `${MessageKind}.${Language}`;

export type MessageTemplate = {
  /** The values the texts take, in the order of their `{#var#}` (and WhatsApp's {{n}}). */
  variables: readonly string[];
  sms: Record<Language, string>;
  /** The Meta template's name; null when the message never goes by WhatsApp. */
  whatsapp: string | null;
};

/** The operators' limit on one `{#var#}` value. */
export const DLT_VARIABLE_MAX = 30;

export const MESSAGE_TEMPLATES: Readonly<Record<MessageKind, MessageTemplate>> = {
  "phone-code": {
    variables: ["code", "minutes"],
    sms: {
      en: "{#var#} is your Kesar sign-in code. It is valid for {#var#} minutes. Do not share it with anyone. - Kesar",
      hi: "{#var#} आपका Kesar साइन-इन कोड है। यह {#var#} मिनट तक मान्य है। इसे किसी को न बताएँ। - Kesar",
    },
    whatsapp: null,
  },
  "order-placed": {
    variables: ["orderNumber", "amount"],
    sms: {
      en: "Thank you! Your Kesar order {#var#} for Rs {#var#} is placed. We will message you when it ships. - Kesar",
      hi: "धन्यवाद! आपका Kesar ऑर्डर {#var#} (Rs {#var#}) मिल गया है। भेजे जाने पर हम आपको संदेश भेजेंगे। - Kesar",
    },
    whatsapp: "kesar_order_placed",
  },
  "order-shipped": {
    variables: ["orderNumber", "courier", "linkCode"],
    sms: {
      en: "Your Kesar order {#var#} is on its way with {#var#}. Track it: {site}/m/{#var#} - Kesar",
      hi: "आपका Kesar ऑर्डर {#var#} {#var#} से भेज दिया गया है। ट्रैक करें: {site}/m/{#var#} - Kesar",
    },
    whatsapp: "kesar_order_shipped",
  },
  "out-for-delivery": {
    variables: ["orderNumber"],
    sms: {
      en: "Your Kesar order {#var#} is out for delivery today. - Kesar",
      hi: "आपका Kesar ऑर्डर {#var#} आज डिलीवरी के लिए निकल चुका है। - Kesar",
    },
    whatsapp: "kesar_out_for_delivery",
  },
  "delivery-failed": {
    variables: ["orderNumber", "linkCode"],
    sms: {
      en: "We could not deliver your Kesar order {#var#} today. Choose another attempt: {site}/m/{#var#} - Kesar",
      hi: "आपका Kesar ऑर्डर {#var#} आज डिलीवर नहीं हो सका। दोबारा डिलीवरी चुनें: {site}/m/{#var#} - Kesar",
    },
    whatsapp: "kesar_delivery_failed",
  },
  "order-delivered": {
    variables: ["orderNumber"],
    sms: {
      en: "Your Kesar order {#var#} has been delivered. Thank you for shopping with us. - Kesar",
      hi: "आपका Kesar ऑर्डर {#var#} डिलीवर हो गया है। Kesar से खरीदारी के लिए धन्यवाद। - Kesar",
    },
    whatsapp: "kesar_order_delivered",
  },
  "cod-confirm": {
    variables: ["orderNumber", "amount", "confirmCode"],
    sms: {
      en: "Please confirm your Kesar cash-on-delivery order {#var#} of Rs {#var#} before we pack it: {site}/confirm/{#var#} - Kesar",
      hi: "कृपया अपने Kesar कैश-ऑन-डिलीवरी ऑर्डर {#var#} (Rs {#var#}) की पुष्टि करें, फिर हम इसे पैक करेंगे: {site}/confirm/{#var#} - Kesar",
    },
    whatsapp: "kesar_cod_confirm",
  },
};

export const MESSAGE_KINDS = Object.keys(MESSAGE_TEMPLATES) as MessageKind[];

/** Every template key there is: what SMS_TEMPLATES must name for a gateway that needs them all. */
export const TEMPLATE_KEYS: readonly TemplateKey[] = MESSAGE_KINDS.flatMap((kind) =>
  LANGUAGES.map((language): TemplateKey => `${kind}.${language}`),
);

export function isTemplateKey(value: string): value is TemplateKey {
  return (TEMPLATE_KEYS as readonly string[]).includes(value);
}

export function splitTemplateKey(key: TemplateKey): { kind: MessageKind; language: Language } {
  const [kind, language] = key.split(".") as [MessageKind, Language];
  return { kind, language };
}

/** The shop's address as the texts carry it: no scheme, no trailing slash ("kesar.in"). */
export function siteOf(publicUrl: string): string {
  return publicUrl.replace(/^https?:\/\//i, "").replace(/\/+$/, "");
}

/** The values of a message in its template's order; a value missing or over 30 characters is an error. */
export function orderedValues(kind: MessageKind, values: Readonly<Record<string, string>>): string[] {
  return MESSAGE_TEMPLATES[kind].variables.map((name) => {
    const value = values[name];
    if (typeof value !== "string" || value.length === 0) throw new Error(`The ${kind} message has no ${name}.`);
    // A line break or control character would make the text differ from the registered one.
    if (/\p{Cc}/u.test(value)) throw new Error(`The ${kind} message's ${name} has a control character.`);
    if (value.length > DLT_VARIABLE_MAX) {
      throw new Error(`The ${kind} message's ${name} is longer than ${DLT_VARIABLE_MAX} characters.`);
    }
    return value;
  });
}

/** The SMS text as registered, with the values in place of its `{#var#}`, in order. */
export function smsText(key: TemplateKey, values: Readonly<Record<string, string>>, publicUrl: string): string {
  const { kind, language } = splitTemplateKey(key);
  const ordered = orderedValues(kind, values);
  let index = 0;
  return MESSAGE_TEMPLATES[kind].sms[language]
    .replaceAll("{site}", siteOf(publicUrl))
    .replace(/\{#var#\}/g, () => ordered[index++] ?? "");
}

/** A template's text as it is registered on the DLT platform: `{site}` filled, `{#var#}` left. */
export function registeredText(key: TemplateKey, publicUrl: string): string {
  const { kind, language } = splitTemplateKey(key);
  return MESSAGE_TEMPLATES[kind].sms[language].replaceAll("{site}", siteOf(publicUrl));
}
