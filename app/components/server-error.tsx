import { useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import { serviceText } from "../locales/service-text.ts";

/** The generic fallback: the spec's heading with a message that is safe to show (null: the apology). */
export function ServerError({ message }: { message: string | null }) {
  const t = useT();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
      <h1 className="text-2xl font-semibold">{t("error.title")}</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">{message ? serviceText(t, message) : t("error.sorry")}</p>
      <Link to="/" className="btn-primary mt-8">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
