import { Banknote } from "lucide-react";
import { useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";
import { CheckoutNote } from "./checkout-note.tsx";

/** Cash on delivery's cap, when the cart is above it, and what the buyer can do: said before the checkout form. */
export function CodCapNote({ note }: { note: string }) {
  const t = useT();
  return (
    <CheckoutNote id="cod-cap-note" tone="caution" Icon={Banknote}>
      {serviceText(t, note)}
    </CheckoutNote>
  );
}
