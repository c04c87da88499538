import { type CancelReason, cancelReasonLabel } from "#core/cancel-reasons.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/locales.ts";
import { fillIn, type MessageValues } from "#core/translate.ts";
import { codeWords, type OtherLocale } from "./code-words.ts";
import { RETURN_ENGLISH, RETURN_HINDI } from "./return-mail-words.ts";

/*
 * The words of the customer's order mails in each language (record 47). An order keeps the language
 * it was placed in, so every mail of it speaks that language. Typed like the storefront's
 * catalogues: a Hindi text missing here fails the type-check.
 */
const ENGLISH = {
  "size.one": "One Size",
  "size.named": "size {size}",
  "layout.footer":
    "Kesar Studio · Shop 4, Sea Breeze Arcade, 27 Hill Road, Bandra West, Mumbai 400050 · Prices in rupees, inclusive of taxes.",
  "placed.subject": "Your Kesar order {number}",
  "placed.title": "Thank you for your order {number}",
  "placed.greeting": "Dear {name}, your order is placed. We will deliver it to:",
  "placed.mobile": "Mobile",
  "placed.subtotal": "Subtotal",
  "placed.shipping": "Shipping",
  "placed.codFee": "Cash on delivery fee",
  "placed.pointsRedeemed": "Points redeemed",
  "placed.roundOff": "Round off",
  "placed.grandTotal": "Grand Total",
  "placed.paidByCredit": "Paid by store credit",
  "placed.paidOnline": "Paid online",
  "placed.leftToPay": "Left to pay",
  "placed.toPayOnDelivery": "To pay on delivery",
  "placed.payment.credit": "Payment: paid with store credit. Thank you!",
  "placed.payment.online": "Payment: paid online. Thank you!",
  "placed.payment.cod": "Payment: Cash on delivery",
  "placed.payment.creditAndOnline": "Payment: store credit, and the rest paid online. Thank you!",
  "placed.payment.creditAndCod": "Payment: store credit, and the rest cash on delivery",
  "placed.pointsEarned": "This order earns you {points} reward points, yours to spend once it is delivered.",
  "placed.view": "View your order",
  "placed.invoice": "Your tax invoice (PDF):",
  "placed.keep": "Keep this e-mail: its link is your way back to the order.",
  "status.subject.shipped": "Your order {number} has shipped",
  "status.subject.delivered": "Your order {number} has been delivered",
  "status.subject.cancelled": "Your order {number} has been cancelled",
  "status.subject.returned-to-origin": "Your order {number} has come back to us",
  "status.title.shipped": "Order {number} has shipped",
  "status.title.delivered": "Order {number} has been delivered",
  "status.title.cancelled": "Order {number} has been cancelled",
  "status.title.returned-to-origin": "Order {number} has come back to us",
  "status.dear": "Dear {name},",
  "status.onItsWay": "Your order {number} is on its way.",
  "status.paidOnline": "You have paid for it online: nothing is due at the door.",
  "status.paidByCredit": "You have paid for it with store credit: nothing is due at the door.",
  "status.due": "Amount due on delivery: {amount}, in cash, to the courier.",
  "status.delivered": "Your order {number} has been delivered. Thank you!",
  "status.cancelled": "Your order {number} has been cancelled. Nothing is due.",
  "status.follow": "Follow your parcel",
  "status.deliveredPlain": "Your order {number} has been delivered.",
  "status.deliveredCod":
    "Your order {number} has been delivered, and you paid {amount} in cash to our courier at the door. Thank you!",
  "status.earned.one": "The 1 reward point it earned is yours to spend now.",
  "status.earned.other": "The {count} reward points it earned are yours to spend now.",
  "status.reason": "Reason: {reason}",
  "status.refunding":
    "We are refunding {amount}. The money goes back to the UPI account, card or bank account you paid with, usually within 5–7 working days.",
  "status.creditBack": "The {amount} of store credit it used is back in your account.",
  "status.redeemedBack.one": "The 1 reward point it used is back in your account.",
  "status.redeemedBack.other": "The {count} reward points it used are back in your account.",
  "status.notEarned.one": "The 1 reward point it would have earned is not credited.",
  "status.notEarned.other": "The {count} reward points it would have earned are not credited.",
  "status.anyPointsBack": "Any reward points it used are back in your account.",
  "status.creditNoteCancels": "The credit note that cancels its tax invoice (PDF):",
  "status.creditNoteReverses": "The credit note that reverses its tax invoice (PDF):",
  "status.returned":
    "The parcel of your order {number} was not accepted at delivery and has come back to us. Nothing is due, and the order is closed.",
  "status.orderAgain": "If this was a mistake, you are welcome to order again.",
  "ship.courier": "Courier: {courier}",
  "ship.tracking": "Tracking number: ",
  "ship.trackingNumber": "Tracking number: {number}",
  "ship.expected": "Expected delivery: {day}",
  "parcel.outSubject": "Your order {number} is out for delivery",
  "parcel.outTitle": "Order {number} is out for delivery",
  "parcel.out": "Your parcel is out for delivery today{courier}{awb}.",
  "parcel.outWithCourier": " with {courier}",
  "parcel.awb": " (AWB {awb})",
  "parcel.keepCash": "Please keep {amount} ready in cash for the courier.",
  "parcel.paid": "It is paid for: nothing is due at the door.",
  "parcel.failedSubject": "We could not deliver your order {number}",
  "parcel.failedTitle": "We could not deliver order {number}",
  "parcel.failedFirst": "Our courier{courier} could not deliver your parcel{awb} at the first attempt{activity}",
  "parcel.failedAgain": "Our courier{courier} could not deliver your parcel{awb} at attempt {attempts}{activity}",
  "parcel.failedActivity": ": “{activity}”",
  "parcel.end": ".",
  "parcel.choose":
    "Tell us what to do on your parcel's page: deliver it again on a day you choose, deliver it to another address or phone number, or cancel the order.",
  "parcel.chooseButton": "Choose what happens next",
  "parcel.chooseSoon":
    "Please choose within a day: after that the courier tries again by itself, and after three failed attempts the parcel comes back to us.",
  "link.subject": "The link to your Kesar order {number}",
  "link.title": "Your order {number}",
  "link.asked": "You asked for the link to your order {number}. Here it is:",
  "link.ignore": "If you did not ask for it, you can ignore this e-mail.",
  "verify.subject": "Confirm your e-mail address for Kesar",
  "verify.title": "Confirm your e-mail address",
  "verify.newAddress":
    "Please confirm that this is your new e-mail address. Your account uses it from the moment you do.",
  "verify.welcome": "Welcome to Kesar. Please confirm that this e-mail address is yours.",
  "verify.button": "Confirm my e-mail address",
  "verify.expiry": "The link works once, for 24 hours.",
  "change.subject": "Your Kesar e-mail address is changing",
  "change.title": "Your e-mail address is changing",
  "change.changing":
    "Your Kesar account's e-mail address is being changed to {newEmail}. It changes once that address is confirmed.",
  "change.notYou": "If this was not you, log in and change your password, or reset it from the login page.",
  "review.subject": "How did your Kesar order {number} fit?",
  "review.title": "How did it fit?",
  "review.delivered":
    "Your order {number} was delivered a few days ago. A short review (the size you bought and how it fitted) helps the next shopper pick the right size.",
  "review.piece": "Review {title}:",
  "review.readFirst":
    "Every review is read before it is published, good or bad, as our page on how reviews work explains.",
  "review.noMore": "No more review invitations:",
  "reset.subject": "Reset your Kesar password",
  "reset.title": "Reset your password",
  "reset.dear": "Dear {name},",
  "reset.asked": "Someone (we hope you) asked to reset the password of your Kesar account.",
  "reset.button": "Choose a new password",
  "reset.expiry":
    "The link works once, for {minutes} minutes. If you did not ask, ignore this e-mail: your password stays as it is.",
  ...RETURN_ENGLISH,
} as const;

export type MailWordId = keyof typeof ENGLISH;

const HINDI: Record<MailWordId, string> = {
  "size.one": "फ़्री साइज़",
  "size.named": "साइज़ {size}",
  "layout.footer":
    "Kesar Studio · Shop 4, Sea Breeze Arcade, 27 Hill Road, Bandra West, Mumbai 400050 · सभी दाम रुपये में, टैक्स सहित।",
  "placed.subject": "आपका Kesar ऑर्डर {number}",
  "placed.title": "आपके ऑर्डर {number} के लिए धन्यवाद",
  "placed.greeting": "प्रिय {name}, आपका ऑर्डर हो गया है। हम इसे यहाँ डिलीवर करेंगे:",
  "placed.mobile": "मोबाइल",
  "placed.subtotal": "सबटोटल",
  "placed.shipping": "शिपिंग",
  "placed.codFee": "कैश ऑन डिलीवरी शुल्क",
  "placed.pointsRedeemed": "इस्तेमाल किए गए पॉइंट",
  "placed.roundOff": "राउंड ऑफ़",
  "placed.grandTotal": "कुल रकम",
  "placed.paidByCredit": "स्टोर क्रेडिट से भुगतान",
  "placed.paidOnline": "ऑनलाइन भुगतान",
  "placed.leftToPay": "बाकी भुगतान",
  "placed.toPayOnDelivery": "डिलीवरी पर देना है",
  "placed.payment.credit": "भुगतान: स्टोर क्रेडिट से हो गया। धन्यवाद!",
  "placed.payment.online": "भुगतान: ऑनलाइन हो गया। धन्यवाद!",
  "placed.payment.cod": "भुगतान: कैश ऑन डिलीवरी",
  "placed.payment.creditAndOnline": "भुगतान: स्टोर क्रेडिट, और बाकी ऑनलाइन हो गया। धन्यवाद!",
  "placed.payment.creditAndCod": "भुगतान: स्टोर क्रेडिट, और बाकी कैश ऑन डिलीवरी",
  "placed.pointsEarned": "इस ऑर्डर से आपको {points} रिवॉर्ड पॉइंट मिलेंगे, जिन्हें डिलीवरी के बाद इस्तेमाल कर सकते हैं।",
  "placed.view": "अपना ऑर्डर देखें",
  "placed.invoice": "आपका टैक्स इनवॉइस (PDF):",
  "placed.keep": "यह ई-मेल संभालकर रखें: इसका लिंक आपके ऑर्डर तक वापस पहुँचने का रास्ता है।",
  "status.subject.shipped": "आपका ऑर्डर {number} भेज दिया गया है",
  "status.subject.delivered": "आपका ऑर्डर {number} डिलीवर हो गया है",
  "status.subject.cancelled": "आपका ऑर्डर {number} कैंसल हो गया है",
  "status.subject.returned-to-origin": "आपका ऑर्डर {number} हमारे पास वापस आ गया है",
  "status.title.shipped": "ऑर्डर {number} भेज दिया गया है",
  "status.title.delivered": "ऑर्डर {number} डिलीवर हो गया है",
  "status.title.cancelled": "ऑर्डर {number} कैंसल हो गया है",
  "status.title.returned-to-origin": "ऑर्डर {number} हमारे पास वापस आ गया है",
  "status.dear": "प्रिय {name},",
  "status.onItsWay": "आपका ऑर्डर {number} रास्ते में है।",
  "status.paidOnline": "आपने ऑनलाइन भुगतान कर दिया है: डिलीवरी पर कुछ नहीं देना है।",
  "status.paidByCredit": "आपने स्टोर क्रेडिट से भुगतान कर दिया है: डिलीवरी पर कुछ नहीं देना है।",
  "status.due": "डिलीवरी पर देने की रकम: {amount}, कूरियर को नकद।",
  "status.delivered": "आपका ऑर्डर {number} डिलीवर हो गया है। धन्यवाद!",
  "status.cancelled": "आपका ऑर्डर {number} कैंसल हो गया है। कुछ भी देना नहीं है।",
  "status.follow": "अपना पार्सल ट्रैक करें",
  "status.deliveredPlain": "आपका ऑर्डर {number} डिलीवर हो गया है।",
  "status.deliveredCod": "आपका ऑर्डर {number} डिलीवर हो गया है, और आपने दरवाज़े पर हमारे कूरियर को {amount} नकद दिए। धन्यवाद!",
  "status.earned.one": "इस ऑर्डर से मिला 1 रिवॉर्ड पॉइंट अब आप इस्तेमाल कर सकते हैं।",
  "status.earned.other": "इस ऑर्डर से मिले {count} रिवॉर्ड पॉइंट अब आप इस्तेमाल कर सकते हैं।",
  "status.reason": "कारण: {reason}",
  "status.refunding":
    "हम {amount} रिफ़ंड कर रहे हैं। पैसा उसी UPI अकाउंट, कार्ड या बैंक अकाउंट में वापस जाता है जिससे आपने भुगतान किया था, आमतौर पर 5–7 कामकाजी दिनों में।",
  "status.creditBack": "इसमें इस्तेमाल हुआ {amount} का स्टोर क्रेडिट आपके अकाउंट में वापस आ गया है।",
  "status.redeemedBack.one": "इसमें इस्तेमाल हुआ 1 रिवॉर्ड पॉइंट आपके अकाउंट में वापस आ गया है।",
  "status.redeemedBack.other": "इसमें इस्तेमाल हुए {count} रिवॉर्ड पॉइंट आपके अकाउंट में वापस आ गए हैं।",
  "status.notEarned.one": "इससे मिलने वाला 1 रिवॉर्ड पॉइंट जमा नहीं होगा।",
  "status.notEarned.other": "इससे मिलने वाले {count} रिवॉर्ड पॉइंट जमा नहीं होंगे।",
  "status.anyPointsBack": "इसमें इस्तेमाल हुए रिवॉर्ड पॉइंट, अगर थे, आपके अकाउंट में वापस आ गए हैं।",
  "status.creditNoteCancels": "इसके टैक्स इनवॉइस को रद्द करने वाला क्रेडिट नोट (PDF):",
  "status.creditNoteReverses": "इसके टैक्स इनवॉइस को पलटने वाला क्रेडिट नोट (PDF):",
  "status.returned":
    "आपके ऑर्डर {number} का पार्सल डिलीवरी के समय नहीं लिया गया और हमारे पास वापस आ गया है। कुछ भी देना नहीं है, और ऑर्डर बंद हो गया है।",
  "status.orderAgain": "अगर यह गलती से हुआ, तो आप दोबारा ऑर्डर कर सकते हैं।",
  "ship.courier": "कूरियर: {courier}",
  "ship.tracking": "ट्रैकिंग नंबर: ",
  "ship.trackingNumber": "ट्रैकिंग नंबर: {number}",
  "ship.expected": "अनुमानित डिलीवरी: {day}",
  "parcel.outSubject": "आपका ऑर्डर {number} आज डिलीवरी के लिए निकला है",
  "parcel.outTitle": "ऑर्डर {number} डिलीवरी के लिए निकला है",
  "parcel.out": "आपका पार्सल{courier}{awb} आज डिलीवरी के लिए निकला है।",
  "parcel.outWithCourier": " {courier} से",
  "parcel.awb": " (AWB नंबर {awb})",
  "parcel.keepCash": "कृपया कूरियर के लिए {amount} नकद तैयार रखें।",
  "parcel.paid": "इसका भुगतान हो चुका है: डिलीवरी पर कुछ नहीं देना है।",
  "parcel.failedSubject": "हम आपका ऑर्डर {number} डिलीवर नहीं कर सके",
  "parcel.failedTitle": "ऑर्डर {number} डिलीवर नहीं हो सका",
  "parcel.failedFirst": "हमारा कूरियर{courier} पहली कोशिश में आपका पार्सल{awb} डिलीवर नहीं कर सका{activity}",
  "parcel.failedAgain": "हमारा कूरियर{courier} कोशिश {attempts} में आपका पार्सल{awb} डिलीवर नहीं कर सका{activity}",
  "parcel.failedActivity": "। कूरियर ने बताया: “{activity}”",
  "parcel.end": "।",
  "parcel.choose":
    "अपने पार्सल के पेज पर बताएँ कि आगे क्या करें: अपनी चुनी तारीख़ पर दोबारा डिलीवरी, किसी दूसरे पते या फ़ोन नंबर पर डिलीवरी, या ऑर्डर कैंसल।",
  "parcel.chooseButton": "आगे क्या हो, चुनें",
  "parcel.chooseSoon":
    "कृपया एक दिन के अंदर चुनें: उसके बाद कूरियर अपने आप फिर कोशिश करेगा, और तीन बार नाकाम होने पर पार्सल हमारे पास लौट आएगा।",
  "link.subject": "आपके Kesar ऑर्डर {number} का लिंक",
  "link.title": "आपका ऑर्डर {number}",
  "link.asked": "आपने अपने ऑर्डर {number} का लिंक माँगा था। यह रहा:",
  "link.ignore": "अगर आपने यह नहीं माँगा, तो इस ई-मेल को अनदेखा करें।",
  "verify.subject": "Kesar के लिए अपना ई-मेल पता कन्फ़र्म करें",
  "verify.title": "अपना ई-मेल पता कन्फ़र्म करें",
  "verify.newAddress": "कृपया कन्फ़र्म करें कि यह आपका नया ई-मेल पता है। कन्फ़र्म करते ही आपका अकाउंट इसी पते का इस्तेमाल करेगा।",
  "verify.welcome": "Kesar में आपका स्वागत है। कृपया कन्फ़र्म करें कि यह ई-मेल पता आपका है।",
  "verify.button": "मेरा ई-मेल पता कन्फ़र्म करें",
  "verify.expiry": "यह लिंक 24 घंटे तक, एक ही बार काम करता है।",
  "change.subject": "आपके Kesar अकाउंट का ई-मेल पता बदल रहा है",
  "change.title": "आपका ई-मेल पता बदल रहा है",
  "change.changing": "आपके Kesar अकाउंट का ई-मेल पता बदलकर {newEmail} किया जा रहा है। वह पता कन्फ़र्म होते ही यह बदल जाएगा।",
  "change.notYou": "अगर यह आपने नहीं किया, तो लॉग इन करके अपना पासवर्ड बदलें, या लॉग इन पेज से उसे रीसेट करें।",
  "review.subject": "आपका Kesar ऑर्डर {number} कैसा फ़िट हुआ?",
  "review.title": "फ़िटिंग कैसी रही?",
  "review.delivered":
    "आपका ऑर्डर {number} कुछ दिन पहले डिलीवर हुआ था। एक छोटा-सा रिव्यू (आपने कौन-सा साइज़ लिया और वह कैसा फ़िट हुआ) अगले ग्राहक को सही साइज़ चुनने में मदद करता है।",
  "review.piece": "{title} का रिव्यू दें:",
  "review.readFirst": "हर रिव्यू छपने से पहले पढ़ा जाता है, अच्छा हो या बुरा, जैसा हमारे रिव्यू वाले पेज पर बताया गया है।",
  "review.noMore": "अब रिव्यू के लिए ई-मेल नहीं चाहिए:",
  "reset.subject": "अपना Kesar पासवर्ड रीसेट करें",
  "reset.title": "अपना पासवर्ड रीसेट करें",
  "reset.dear": "प्रिय {name},",
  "reset.asked": "आपके Kesar अकाउंट का पासवर्ड रीसेट करने का अनुरोध आया है (उम्मीद है, आपकी ओर से)।",
  "reset.button": "नया पासवर्ड चुनें",
  "reset.expiry":
    "यह लिंक {minutes} मिनट तक, एक ही बार काम करता है। अगर आपने अनुरोध नहीं किया, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड वही रहेगा।",
  ...RETURN_HINDI,
};

/** Why an order was cancelled, in the other languages (core/cancel-reasons.ts in English). */
const CANCEL_REASONS: Record<OtherLocale, Record<CancelReason, string>> = {
  "hi-IN": {
    "changed-mind": "मेरा मन बदल गया",
    "ordered-by-mistake": "गलती से ऑर्डर हो गया",
    "wrong-size": "गलत साइज़ या आइटम चुन लिया",
    "wrong-address": "डिलीवरी का पता गलत है",
    "too-slow": "यह बहुत देर से पहुँचेगा",
    "customer-asked": "आपके कहने पर कैंसल किया गया",
    "out-of-stock": "एक आइटम अब स्टॉक में नहीं है",
    "address-unreachable": "हमारा कूरियर इस पते पर डिलीवर नहीं कर सकता",
    "refused-on-delivery": "दरवाज़े पर पार्सल लेने से मना कर दिया गया",
    "returned-to-sender": "कूरियर इसे डिलीवर नहीं कर सका और हमारे पास वापस ले आया",
  },
};

/** A cancellation's reason in the mail's language; null for an order cancelled before reasons were kept. */
export function cancelReasonIn(locale: Locale | undefined, code: string | null | undefined): string | null {
  const english = cancelReasonLabel(code);
  return english && codeWords(locale, CANCEL_REASONS, code as CancelReason, english);
}

/** "size M" ("साइज़ M"), "One Size" ("फ़्री साइज़"): a size as a mail's sentence names it. */
export function sizeWordsIn(t: MailT, size: string): string {
  return size === "One Size" ? t("size.one") : t("size.named", { size });
}

export const MAIL_WORDS: Record<Locale, Record<MailWordId, string>> = { "en-IN": ENGLISH, "hi-IN": HINDI };

export type MailT = (id: MailWordId, values?: MessageValues) => string;

/** The words of a mail in its order's language (English for mails queued before languages). */
export function mailWords(locale: Locale | undefined): MailT {
  const words = MAIL_WORDS[locale ?? DEFAULT_LOCALE];
  return (id, values) => fillIn(words[id], values);
}

/** "1 reward point" or "5 reward points" sentences: a message for one and one for more. */
export function countWords(
  t: MailT,
  id: "status.earned" | "status.redeemedBack" | "status.notEarned",
  count: number,
): string {
  return count === 1 ? t(`${id}.one`) : t(`${id}.other`, { count });
}
