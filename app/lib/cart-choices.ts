/**
 * The cart's address with what the buyer chose to pay with besides money, which it keeps from one
 * page to the next (and into the checkout): points (`redeem=1`) and store credit (`credit=1`).
 */
export type CartChoices = { redeem: boolean; credit: boolean };

export function cartPath(choices: CartChoices, options: { checkout?: boolean } = {}): string {
  const parts = [
    ...(options.checkout ? ["checkout"] : []),
    ...(choices.redeem ? ["redeem=1"] : []),
    ...(choices.credit ? ["credit=1"] : []),
  ];
  return parts.length > 0 ? `/cart?${parts.join("&")}` : "/cart";
}
