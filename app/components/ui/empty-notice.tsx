import { type MessageId, useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";

/** An empty cart, wishlist or checkout: what is missing, and the way back to the products. */
export function EmptyNotice({ message }: { message: MessageId }) {
  const t = useT();
  return (
    <div className="card mt-6 flex flex-col items-center gap-3 p-12 text-center">
      <p className="text-lg font-medium">{t(message)}</p>
      <Link to="/allproducts" className="btn-primary">
        {t("empty.browse")}
      </Link>
    </div>
  );
}
