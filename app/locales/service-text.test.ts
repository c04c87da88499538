import { describe, expect, it } from "vitest";
import { messages as hindi } from "./hi-IN.ts";
import { provideCatalogue, translator } from "./i18n.ts";
import { serviceText } from "./service-text.ts";

/*
 * The rooms refuse and confirm in English; a Hindi page shows their words through serviceText,
 * including those with a figure, a number or an address in them.
 */
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
