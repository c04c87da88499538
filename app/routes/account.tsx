import { useLocation } from "react-router";
import { readWholeNumber } from "#core/numbers.ts";
import { actorOf, signedInAs } from "../.server/session.ts";
import { SignedInNotice } from "../components/account/signed-in-notice.tsx";
import { pieceSearch } from "../lib/order-now.ts";
import { type Translate, useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/account";

export const meta = privatePageMeta("account.title", "account.description");

/** The three ways to check out; each returns to the checkout it came from (the cart's, or Order Now's). */
function cards(search: string, t: Translate) {
  const afterSignIn = encodeURIComponent(search ? `/cart?checkout&${search}` : "/cart");
  return [
    {
      heading: t("account.haveAccount"),
      text: t("account.pointsEveryOrder"),
      action: t("account.logIn"),
      to: `/login?redirectTo=${afterSignIn}`,
    },
    {
      heading: t("account.newToKesar"),
      text: t("account.create"),
      action: t("account.signUp"),
      to: `/signup?redirectTo=${afterSignIn}`,
    },
    {
      heading: t("account.asGuest"),
      // Offers open to everyone apply to guests too; only members' offers and reward points do not.
      text: t("account.membersNeed"),
      action: t("account.continueGuest"),
      to: search ? `/guest?${search}` : "/guest",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { signedInAs: signedInAs(actorOf(context)) };
}

/** Where Buy Now sends a visitor who is not signed in; someone signed in is told so, and sent on. */
export default function Account({ loaderData }: Route.ComponentProps) {
  // Order Now's piece (?buy=&size=) travels on to the checkout chosen here.
  const params = new URLSearchParams(useLocation().search);
  const buy = readWholeNumber(params.get("buy") ?? "");
  const size = params.get("size");
  const search = buy !== undefined && buy > 0 && size ? pieceSearch({ productId: buy, size }) : "";
  const t = useT();
  if (loaderData.signedInAs) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <h1 className="mb-6 text-center font-display text-3xl font-semibold">{t("account.title")}</h1>
        <div className="card p-8">
          <SignedInNotice signedInAs={loaderData.signedInAs} onward={search ? `/cart?checkout&${search}` : "/cart"} />
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="font-display text-3xl font-semibold">{t("account.title")}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("account.toPlace")}</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {cards(search, t).map((card) => (
          <li key={card.heading} className="card flex flex-col gap-3 p-6">
            <h2 className="text-lg font-semibold">{card.heading}</h2>
            <p className="flex-1 text-sm text-zinc-600 dark:text-zinc-400">{card.text}</p>
            <Link to={card.to} className="btn-primary">
              {card.action}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
