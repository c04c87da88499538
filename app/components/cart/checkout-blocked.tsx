import { CircleAlert } from "lucide-react";
import { useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { CheckoutNote } from "./checkout-note.tsx";

/** Why the order cannot be placed yet, where the Buy Now or Order Now button would be. */
export function CheckoutBlocked({ where }: { where: "cart" | "elsewhere" }) {
  const t = useT();
  return (
    <CheckoutNote id="checkout-blocked" tone="error" Icon={CircleAlert}>
      {t("blocked.some")}{" "}
      {where === "cart" ? (
        t("blocked.fixRed")
      ) : (
        <>
          {t("blocked.fixThem")}{" "}
          <Link to="/cart" className="font-semibold underline">
            {t("blocked.inCart")}
          </Link>{" "}
          {t("blocked.first")}
        </>
      )}
    </CheckoutNote>
  );
}
