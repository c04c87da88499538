import type { Locale } from "#core/locales.ts";
import { REFUND_TIMING, type RefundMethod, type ReturnStatus, returnStepLabel } from "#core/returns.ts";
import { codeWords, type OtherLocale } from "./code-words.ts";

/*
 * The words of a return's or an exchange's mails (record 47), part of the mail words (mail-words.ts):
 * a return's mails speak the language its order was placed in.
 */
export const RETURN_ENGLISH = {
  "return.subject": "Your return from order {number}: {step}",
  "return.title": "Your return: {step}",
  "return.askExchange": "We have your request to exchange {piece} for {size}. The new size is held for you.",
  "return.askReturn": "We have your request to return {piece}.",
  "return.refund": "Refund: {money}.",
  "return.refundApproved": "Refund approved: {money}.",
  "return.selfShip":
    "Our courier does not pick up at your pincode: please send the parcel to the address on your invoice.",
  "return.pickupFree": "Our courier will pick up the parcel for free; we will tell you the day.",
  "return.pickupScheduled": "The pickup of {piece} is scheduled. Please keep it packed with its tags on.",
  "return.pickedUp": "The courier has picked up {piece}.",
  "return.received": "We have received {piece} and are checking it.",
  "return.exchangeAccepted":
    "We accepted {piece} and are packing {size} for you. We will write again with its tracking number when it ships.",
  "return.nothingToPay": "Nothing is to pay: its invoice is settled against the returned piece's credit note.",
  "return.exchangeShipped": "{size} of {title} is on its way.",
  "return.rejected": "We could not accept the return of {piece}: {reason}",
  "return.accepted": "We accepted {piece}.",
  "return.upiSent": "We have sent {amount} for {piece} to your UPI ID {upi}.",
  "return.utr": "UPI transaction reference (UTR): {utr}. Your bank app lists the payment under it.",
  "return.documentsBoth":
    "The credit note for the returned pieces and the invoice of the new size are on your order page.",
  "return.documentsCreditNote": "The credit note for the returned pieces is on your order page.",
  "return.money": "{amount} {timing}",
  "return.moneyCreditOnly": "{credit} as store credit, as the order was paid with it",
  "return.moneyCreditAndRest": "{amount}: {credit} as store credit, as the order was paid with it, and {rest} {timing}",
  "return.timingUpiId": "to your UPI ID {upi} within 2 working days after we accept the parcel",
  "return.timingUpiIdSent": "to your UPI ID {upi} within 2 working days",
} as const;

export const RETURN_HINDI: Record<keyof typeof RETURN_ENGLISH, string> = {
  "return.subject": "ऑर्डर {number} का आपका रिटर्न: {step}",
  "return.title": "आपका रिटर्न: {step}",
  "return.askExchange": "{piece} को {size} से बदलने की आपकी रिक्वेस्ट हमें मिल गई है। नया साइज़ आपके लिए रोककर रखा गया है।",
  "return.askReturn": "{piece} लौटाने की आपकी रिक्वेस्ट हमें मिल गई है।",
  "return.refund": "रिफ़ंड: {money}।",
  "return.refundApproved": "रिफ़ंड मंज़ूर: {money}।",
  "return.selfShip": "हमारा कूरियर आपके पिनकोड से पिकअप नहीं करता: कृपया पार्सल अपने इनवॉइस पर छपे पते पर भेजें।",
  "return.pickupFree": "हमारा कूरियर पार्सल मुफ़्त में पिकअप करेगा; दिन हम आपको बताएँगे।",
  "return.pickupScheduled": "{piece} का पिकअप तय हो गया है। कृपया इसे टैग लगे रहने दें और पैक करके रखें।",
  "return.pickedUp": "कूरियर ने {piece} पिकअप कर लिया है।",
  "return.received": "{piece} हमें मिल गया है और हम इसकी जाँच कर रहे हैं।",
  "return.exchangeAccepted":
    "हमने {piece} मंज़ूर कर लिया है और आपके लिए {size} पैक कर रहे हैं। भेजते ही हम इसका ट्रैकिंग नंबर लिखकर भेजेंगे।",
  "return.nothingToPay": "कुछ भी देना नहीं है: इसका इनवॉइस लौटाए गए आइटम के क्रेडिट नोट से चुकता हो गया है।",
  "return.exchangeShipped": "{title} का {size} रास्ते में है।",
  "return.rejected": "हम {piece} का रिटर्न मंज़ूर नहीं कर सके: {reason}",
  "return.accepted": "हमने {piece} मंज़ूर कर लिया है।",
  "return.upiSent": "हमने {piece} के लिए {amount} आपकी UPI ID {upi} पर भेज दिए हैं।",
  "return.utr": "UPI ट्रांज़ैक्शन रेफ़रेंस (UTR): {utr}। आपके बैंक ऐप में यह भुगतान इसी नंबर से दिखेगा।",
  "return.documentsBoth": "लौटाए गए आइटम का क्रेडिट नोट और नए साइज़ का इनवॉइस आपके ऑर्डर पेज पर हैं।",
  "return.documentsCreditNote": "लौटाए गए आइटम का क्रेडिट नोट आपके ऑर्डर पेज पर है।",
  "return.money": "{amount}, {timing}",
  "return.moneyCreditOnly": "{credit} स्टोर क्रेडिट के रूप में, क्योंकि ऑर्डर का भुगतान इसी से हुआ था",
  "return.moneyCreditAndRest":
    "{amount}: {credit} स्टोर क्रेडिट के रूप में, क्योंकि ऑर्डर का भुगतान इसी से हुआ था, और {rest} {timing}",
  "return.timingUpiId": "पार्सल मंज़ूर होने के 2 कामकाजी दिनों में आपकी UPI ID {upi} पर",
  "return.timingUpiIdSent": "2 कामकाजी दिनों में आपकी UPI ID {upi} पर",
};

/** A return's steps in the other languages, as the order page names them; "refund-approved" is a refund on its way. */
const RETURN_STEPS: Record<OtherLocale, Record<ReturnStatus | "refund-approved", string>> = {
  "hi-IN": {
    requested: "रिक्वेस्ट भेजी गई",
    "pickup-scheduled": "पिकअप तय हुआ",
    "picked-up": "पिकअप हो गया",
    received: "हमें मिल गया",
    refunded: "रिफ़ंड हो गया",
    "exchange-accepted": "एक्सचेंज मंज़ूर",
    "exchange-shipped": "एक्सचेंज भेजा गया",
    rejected: "नामंज़ूर",
    "refund-approved": "रिफ़ंड मंज़ूर",
  },
};

/** When a refund reaches the shopper, in the other languages (core/returns.ts REFUND_TIMING in English). */
const REFUND_TIMINGS: Record<OtherLocale, Record<RefundMethod, string>> = {
  "hi-IN": {
    gateway: "जिस अकाउंट से भुगतान किया उसमें, आमतौर पर पार्सल मिलने के 5–7 कामकाजी दिनों में",
    "store-credit": "स्टोर क्रेडिट के रूप में, पार्सल मंज़ूर होते ही",
    upi: "पार्सल मंज़ूर होने के 2 कामकाजी दिनों में आपकी UPI ID पर",
  },
};

/** When a refund by this method reaches the shopper, in the mail's language. */
export function refundTimingWords(locale: Locale | undefined, method: RefundMethod): string {
  return codeWords(locale, REFUND_TIMINGS, method, REFUND_TIMING[method] ?? "");
}

/**
 * The step as the subject and heading name it, in the order's language: an accepted refund whose
 * money has not arrived yet is "Refund approved" (record 32).
 */
export function returnStepWords(payload: {
  status: string;
  refundDone?: boolean | undefined;
  locale?: Locale | undefined;
}): string {
  const status = payload.status as ReturnStatus;
  const approved = status === "refunded" && payload.refundDone === false;
  const english = returnStepLabel(status, approved ? "requested" : null) ?? payload.status;
  return codeWords(payload.locale, RETURN_STEPS, approved ? "refund-approved" : status, english);
}
