import { describe, expect, it } from "vitest";
import { describeOffer } from "#core/offers.ts";
import { messages as hindi } from "../../locales/hi-IN.ts";
import { provideCatalogue, translator } from "../../locales/i18n.ts";
import { offerDescriptionText } from "./offer-words.ts";

/* An offer's English description, as the rooms write it (core/offers.ts), said in Hindi on /hi. */
describe("an offer's description on a Hindi page", () => {
  provideCatalogue("hi-IN", hindi);
  const t = translator("hi-IN");
  const everything = { collections: [], productIds: [] };
  const said = (offer: Parameters<typeof describeOffer>[0]) => offerDescriptionText(t, "hi-IN", describeOffer(offer));

  it("reads every part of the rooms' English back into Hindi", () => {
    expect(
      said({
        action: { type: "percent", percent: 10, capPaise: 50_000 },
        scope: { collections: ["isEthnic", "isPakistaniSuits"], productIds: [] },
        minSubtotal: 199_900,
        firstOrderOnly: true,
      }),
    ).toBe("₹1,999 या उससे ज़्यादा की खरीद पर पाकिस्तानी सूट और एथनिक पर 10 % की छूट (₹500 तक); सिर्फ़ पहले ऑर्डर पर");
    expect(
      said({ action: { type: "free-shipping" }, scope: everything, minSubtotal: null, firstOrderOnly: false }),
    ).toBe("फ़्री शिपिंग");
    expect(
      said({
        action: { type: "buy-x-get-y", buy: 2, get: 1, percent: 100 },
        scope: everything,
        minSubtotal: null,
        firstOrderOnly: false,
      }),
    ).toBe("2 खरीदें, 1 फ़्री पाएँ");
    expect(
      said({
        action: { type: "fixed", amountPaise: 20_000 },
        scope: { collections: [], productIds: [4, 5] },
        minSubtotal: null,
        firstOrderOnly: false,
      }),
    ).toBe("2 चुने हुए आइटम पर ₹200 की छूट");
  });

  it("keeps English as it is, and a description it cannot read as it came", () => {
    const english = describeOffer({
      action: { type: "free-shipping" },
      scope: everything,
      minSubtotal: null,
      firstOrderOnly: false,
    });
    expect(offerDescriptionText(translator("en-IN"), "en-IN", english)).toBe(english);
    expect(offerDescriptionText(t, "hi-IN", "Half price on Diwali")).toBe("Half price on Diwali");
  });
});
