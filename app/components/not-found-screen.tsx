import { useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";

export function NotFoundScreen() {
  const t = useT();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-display text-7xl font-semibold text-gold-700 dark:text-gold-400">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t("notFound.title")}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("notFound.body")}</p>
      <div className="mt-8 flex gap-3">
        <Link to="/" className="btn-primary">
          {t("notFound.home")}
        </Link>
        <Link to="/allproducts" className="btn-outline">
          {t("notFound.browse")}
        </Link>
      </div>
    </section>
  );
}
