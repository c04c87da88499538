/*
 * The official description of each HSN heading the shop sells under, as the GST portal's HSN master
 * has it (the Returns Offline Tool V3.2.4 ships it as public/data/HSN.json; the text is the Customs
 * Tariff's, spelling and capitals as published). GSTR-1's HSN summary (table 12) carries it as
 * `desc` beside the code (record 34). The master is looked up by the code itself; a code the table
 * does not hold reads its heading's (first four digits), then its chapter's.
 */

const HSN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  "42": "Articles of leather; saddlery and harness; travel goods, handbags and similar containers; articles of animal gut (other than silkworm gut)",
  "4202":
    "TRUNKS, SUIT-CASES, VANITY-CASES, EXECUTIVE- CASES, BRIEF-CASES, SCHOOL SATCHELS, SPECTACLE CASES, BINOCULAR CASES, CAMERA CASES, MUSICAL INSTRUMENT CASES, GUN CASES, HOLSTERS AND SIMILAR CONTAINERS, TRAVELLING-BAGS , INSULATED FOOD OR BEVERAGES BAGS, TOILET BAGS, RUCKSACKS, HANDBAGS, SHOPPING-BAGS, WALLETS, PURSES, MAP-CASES, CIGARETTE-CASES, TOBACCO-POUCHES, TOOL BAGS, SPORTS BAGS, BOTTLE- CASES, JEWELLERY BOXES, POWDER-BOXES , CUTLERY CASES AND SIMILAR CONTAINERS, OF LEATHER OR OF COMPOSITION LEATHER, OF SHEETING OF PLASTICS, OF TEXTILE MATERIALS, OF VULCANISED FIBRE OR OF PAPERBOARD, OR WHOLLY OR MAINLY COVERED WITH SUCH MATERIALS OR WITH PAPER",
  "4203": "ARTICLES OF APPAREL AND CLOTHING ACCESSORIES, OF LEATHER OR OF COMPOSITION LEATHER",
  "50": "SILK",
  "5007": "WOVEN FABRICS OF SILK OR OF SILK WASTE",
  "52": "Cotton",
  "5208": "WOVEN FABRICS OF COTTON, CONTAINING 85% OR MORE BY WEIGHT OF COTTON, WEIGHING NOT MORE THAN 200 G/",
  "54": "Man-made filaments; strip and the like of man-made textile materials",
  "5407": "WOVEN FABRICS OF SYNTHETIC FILAMENT YARN, INCLUDING WOVEN FABRICS OBTAINED FROM MATERIALS OF HEADING 5404",
  "61": "Articles of apparel and clothing accessories, knitted or crocheted",
  "6104":
    "WOMEN'S OR GIRLS' SUITS, ENSEMBLES, JACKETS, BLAZERS, DRESSES, SKIRTS, DIVIDED SKIRTS, TROUSERS, BIB AND BRACE OVERALLS, BREECHES AND SHORTS (OTHER THAN SWIM WEAR), KNITTED OR CROCHETED",
  "6109": "T-SHIRTS, SINGLETS AND OTHER VESTS, KNITTED OR CROCHETED",
  "62": "Articles of apparel and clothing accessories, not knitted or crocheted",
  "6204":
    "WOMEN'S OR GIRLS' SUITS, ENSEMBLES, JACKETS, BLAZERS, DRESSES, SKIRTS, DIVIDED SKIRTS, TROUSERS, BIB AND BRACE OVERALLS, BREECHES AND SHORTS (OTHER THAN SWIMWEAR)",
  "6206": "WOMEN'S OR GIRLS' BLOUSES, SHIRTS AND SHIRT BLOUSES",
  "6211": "TRACK SUITS, SKI SUITS AND SWIMWEAR, OTHER GARMENTS",
  "6214": "SHAWLS, SCARVES, MUFFLERS, MANTILLAS, VEILS AND THE LIKE",
  "63": "Other made up textile articles; sets; worn clothing and worn textile articles; rags",
  "6307": "OTHER MADE UP ARTICLES, INCLUDING DRESS PATTERNS",
  "64": "Footwear, gaiters and the like; parts of such articles",
  "6403": "FOOTWEAR WITH OUTER SOLES OF RUBBER, PLASTICS, LEATHER OR COMPOSITION LEATHER AND UPPERS OF LEATHER",
  "6404":
    "FOOTWEAR WITH OUTER SOLES OF RUBBER, PLASTICS, LEATHER OR COMPOSITION LEATHER AND UPPERS OF TEXTILE MATERIALS",
  "71": "Natural or cultured pearls, precious or semi-precious stones, precious metals, metals clad with precious metal, and articles thereof; imitation jewellery; coin",
  "7113": "ARTICLES OF JEWELLERY AND PARTS THEREOF, OF PRECIOUS METAL OR OF METAL CLAD WITH PRECIOUS METAL",
  "7116":
    "ARTICLES OF NATURAL OR CULTURED PEARLS, PRECIOUS OR SEMI-PRECIOUS STONES(NATURAL, SYNTHETIC OR RECONSTRUCTED)",
  "7117": "IMITATION JEWELLERY",
  "90": "Optical, photographic, cinematographic, measuring, checking, precision, medical or surgical instruments and apparatus; parts and accessories thereof",
  "9004": "SPECTACLES, GOGGLES AND THE LIKE, CORRECTIVE, PROTECTIVE OR OTHER",
  "91": "Clocks and watches and parts thereof",
  "9102": "WRIST-WATCHES, POCKET-WATCHES AND OTHER WATCHES, INCLUDING STOP WATCHES, OTHER THAN THOSE OF HEADING",
  "96": "Miscellaneous manufactured articles",
  "9615":
    "COMBS, HAIR-SLIDES AND THE LIKE, HAIRPINS, CURLING PINS, CURLING GRIPS, HAIR-CURLERS AND THE LIKE, OTHER THAN THOSE OF HEADING 8516, AND PARTS THEREOF",
  "99": "All Services",
  "9968": "Postal and courier services",
  "996812": "Courier services",
};

/** The official description of an HSN (or SAC) code, or undefined when neither it nor its heading or chapter is known. */
export function hsnDescription(hsn: string): string | undefined {
  return HSN_DESCRIPTIONS[hsn] ?? HSN_DESCRIPTIONS[hsn.slice(0, 4)] ?? HSN_DESCRIPTIONS[hsn.slice(0, 2)];
}
