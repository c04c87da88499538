import { CircleAlert } from "lucide-react";
import { Link } from "react-router";
import { CheckoutNote } from "./checkout-note.tsx";

/** Why the order cannot be placed yet, where the Buy Now or Order Now button would be. */
export function CheckoutBlocked({ where }: { where: "cart" | "elsewhere" }) {
  return (
    <CheckoutNote id="checkout-blocked" tone="error" Icon={CircleAlert}>
      Some items in your cart cannot be bought as they are.{" "}
      {where === "cart" ? (
        "Fix the items marked in red to continue."
      ) : (
        <>
          Please fix them{" "}
          <Link to="/cart" className="font-semibold underline">
            in your cart
          </Link>{" "}
          first.
        </>
      )}
    </CheckoutNote>
  );
}
