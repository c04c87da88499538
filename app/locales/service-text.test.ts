import { describe, expect, it } from "vitest";
import { messages as hindi } from "./hi-IN.ts";
import { provideCatalogue, translator } from "./i18n.ts";
import { serviceText } from "./service-text.ts";

/*
 * The shop's rooms speak English; a Hindi page shows their words through the catalogue's service
 * messages, figures included (decision record 47).
 */
describe("service texts on a Hindi page", () => {
  provideCatalogue("hi-IN", hindi);
  const t = translator("hi-IN");
  const english = translator("en-IN");

  it("translates a text with a figure by its message's pattern, keeping the figure", () => {
    expect(serviceText(t, "Only 2 of this piece can still be returned.")).toBe(
      "इस आइटम के सिर्फ़ 2 पीस अब भी रिटर्न हो सकते हैं।",
    );
    expect(serviceText(t, "Only 2 left in size M.")).toBe("साइज़ M में सिर्फ़ 2 बचे हैं।");
    expect(serviceText(t, "A review can have up to 3 photos.")).toBe("एक रिव्यू में ज़्यादा से ज़्यादा 3 फ़ोटो हो सकती हैं।");
  });

  it("prefers the longest pattern, so a short one does not swallow a longer sentence", () => {
    const note =
      "Cash on delivery is available on orders up to ₹10,000; this order is ₹12,500. To order, take pieces worth at least ₹2,500 out of your cart, or place two orders.";
    expect(serviceText(t, note)).toBe(
      "कैश ऑन डिलीवरी ₹10,000 तक के ऑर्डर पर ही मिलता है; यह ऑर्डर ₹12,500 का है। ऑर्डर करने के लिए कार्ट से कम से कम ₹2,500 के आइटम हटा दें, या दो ऑर्डर करें।",
    );
    expect(serviceText(t, "Cash on delivery is available on orders up to ₹10,000.")).toBe(
      "कैश ऑन डिलीवरी ₹10,000 तक के ऑर्डर पर ही मिलता है।",
    );
  });

  it("translates the known words inside a pattern's figures", () => {
    expect(serviceText(t, "Online · Refund on its way")).toBe("ऑनलाइन · रिफ़ंड आ रहा है");
    expect(serviceText(t, "From your chest and waist, the chart gives M.")).toBe(
      "आपकी छाती और कमर के नाप से, चार्ट के हिसाब से साइज़ M है।",
    );
  });

  it("prefers a whole known text to a pattern that would also match it", () => {
    expect(serviceText(t, "This product is no longer available.")).toBe("यह प्रोडक्ट अब उपलब्ध नहीं है।");
    expect(serviceText(t, "FEST10 is no longer available.")).toBe("FEST10 अब उपलब्ध नहीं है।");
  });

  it("leaves a text it does not know as it came, and English as it is", () => {
    expect(serviceText(t, "Something nobody wrote down")).toBe("Something nobody wrote down");
    expect(serviceText(english, "Only 2 of this piece can still be returned.")).toBe(
      "Only 2 of this piece can still be returned.",
    );
  });
});

describe("the shop's own texts on a Hindi page", () => {
  provideCatalogue("hi-IN", hindi);
  const t = translator("hi-IN");
  const english = translator("en-IN");

  it("translates a fixed text by its English words, and leaves one it does not know as it came", () => {
    expect(serviceText(t, "Invalid e-mail or password.")).toBe(hindi["service.invalidCredential"]);
    expect(serviceText(t, "Something nobody wrote down.")).toBe("Something nobody wrote down.");
  });

  it("puts the figures and names of a text with values into the Hindi one", () => {
    expect(serviceText(t, "Please wait 20 seconds before asking for another code.")).toBe(
      "दूसरा OTP माँगने से पहले कृपया 20 सेकंड रुकें।",
    );
    expect(serviceText(t, "We have sent a 6-digit code by SMS to +91 98•••••345. It works for 10 minutes.")).toBe(
      "हमने +91 98•••••345 पर SMS से 6 अंकों का OTP भेजा है। यह 10 मिनट तक चलेगा।",
    );
    expect(serviceText(t, "Your e-mail address meera@mail.in is confirmed.")).toBe(
      "आपका ईमेल पता meera@mail.in कन्फ़र्म हो गया है।",
    );
    // One minute is a message of its own, not "1 minutes".
    expect(serviceText(t, "Too many failed attempts. Please try again in 1 minute.")).toBe(
      hindi["service.tooManyAttemptsOne"],
    );
  });

  it("translates a failed action's name and the refusal after it, part by part", () => {
    expect(serviceText(t, "Failed to update profile: The password must be at least 8 characters long.")).toBe(
      "प्रोफ़ाइल अपडेट नहीं हो सकी: पासवर्ड कम से कम 8 अक्षरों का होना चाहिए।",
    );
  });

  it("shows English pages the English words as they came", () => {
    const sent = "Please wait 20 seconds before asking for another code.";
    expect(serviceText(english, sent)).toBe(sent);
    expect(serviceText(english, "At least 8 characters")).toBe("At least 8 characters");
  });
});
