import { useLocation } from "react-router";
import { readWholeNumber } from "#core/numbers.ts";
import { actorOf, signedInAs } from "../.server/session.ts";
import { SignedInNotice } from "../components/account/signed-in-notice.tsx";
import { pieceSearch } from "../lib/order-now.ts";
import { pageMeta } from "../lib/seo.ts";
import { Link } from "../locales/link.tsx";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Account", description: "Log in, sign up or check out as a guest.", noindex: true });

/** The three ways to check out; each returns to the checkout it came from (the cart's, or Order Now's). */
function cards(search: string) {
  const afterSignIn = encodeURIComponent(search ? `/cart?checkout&${search}` : "/cart");
  return [
    {
      heading: "Have an account",
      text: "Reward points on every order you place",
      action: "Log in",
      to: `/login?redirectTo=${afterSignIn}`,
    },
    {
      heading: "New to Kesar?",
      text: "Create an account",
      action: "Sign up",
      to: `/signup?redirectTo=${afterSignIn}`,
    },
    {
      heading: "Checkout as guest",
      // Offers open to everyone apply to guests too; only members' offers and reward points do not.
      text: "Members' offers and points need an account",
      action: "Continue as guest",
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
  if (loaderData.signedInAs) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <h1 className="mb-6 text-center font-display text-3xl font-semibold">Account</h1>
        <div className="card p-8">
          <SignedInNotice signedInAs={loaderData.signedInAs} onward={search ? `/cart?checkout&${search}` : "/cart"} />
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="font-display text-3xl font-semibold">Account</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        To place an order now, log into your existing account or sign up.
      </p>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {cards(search).map((card) => (
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
