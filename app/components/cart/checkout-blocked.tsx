import { CircleAlert } from "lucide-react";
import { Link } from "react-router";

/** Why the order cannot be placed yet, where the Buy Now or Order Now button would be. */
export function CheckoutBlocked({ where }: { where: "cart" | "elsewhere" }) {
  return (
    <p
      role="status"
      id="checkout-blocked"
      data-testid="checkout-blocked"
      className="flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
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
      </span>
    </p>
  );
}
