import { Banknote } from "lucide-react";
import { CheckoutNote } from "./checkout-note.tsx";

/** Cash on delivery's cap, when the cart is above it, and what the buyer can do: said before the checkout form. */
export function CodCapNote({ note }: { note: string }) {
  return (
    <CheckoutNote id="cod-cap-note" tone="caution" Icon={Banknote}>
      {note}
    </CheckoutNote>
  );
}
