import { pageMeta } from "../lib/seo.ts";
import { Link } from "../locales/link.tsx";
import type { Route } from "./+types/how-reviews-work";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "How reviews work",
    description:
      "Who can review a piece at Kesar, how reviews are read before they are published, and what is never removed.",
    path: location.pathname,
  });

/**
 * The criteria for collecting, moderating and publishing reviews, written where shoppers can read
 * them (IS 19000:2022 asks the review administrator to publish them).
 */
export default function HowReviewsWork() {
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-10 leading-relaxed">
      <h1 className="font-display text-3xl font-semibold">How reviews work</h1>
      <section className="flex flex-col gap-2">
        <h2 className="text-xl font-semibold">Who can write one</h2>
        <p>
          Only a customer whose order of the piece was delivered can review it, signed in to the account that placed the
          order. That is why every review says "Verified buyer". Each customer writes one review of a piece and can edit
          it later; it shows their first name and the city of their account or delivery address, nothing else.
        </p>
        <p>
          A few days after delivery we send one e-mail asking how the pieces fitted. It has a link that stops these
          e-mails, which works without signing in. Nobody is paid, given points or offered a discount for a review, and
          a review is never written by the shop or on its behalf.
        </p>
      </section>
      <HowAReviewIsRead />
      <WhatAProductPageShows />
    </article>
  );
}

/** Every review is read by a person, published as written, and rejected only for these reasons. */
function HowAReviewIsRead() {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-xl font-semibold">How a review is read before it is published</h2>
      <p>
        Every new or edited review is read by a person at Kesar, usually within two days. An automatic first check looks
        for abusive words (in English, Hindi and Hinglish), links and phone numbers; it never deletes anything, it only
        marks a review for a closer read.
      </p>
      <p>
        A review is published as written, good or bad. We do not change a word of it. We reject a review only when it:
      </p>
      <ul className="list-disc pl-6">
        <li>contains abuse, hate, threats or sexual content;</li>
        <li>shares personal details (phone numbers, addresses, e-mail addresses) or links;</li>
        <li>is not about the piece (a delivery complaint belongs with our support, and we answer it there);</li>
        <li>is advertising, or copied from elsewhere.</li>
      </ul>
      <p>
        A rejected review is not deleted: its author sees the reason on the review form and can edit it and send it
        again.
      </p>
    </section>
  );
}

/** Every published review counts, negative ones too, and how they are ordered. */
function WhatAProductPageShows() {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-xl font-semibold">What a product page shows</h2>
      <p>
        Every published review counts in the average, the stars and the fit summary ("Size M runs small: 62 % of 40
        buyers"): negative reviews are never left out or hidden, and you can sort by the lowest rating. "Most helpful"
        orders reviews by the votes of other shoppers, one vote per account (log in to vote). The date on a review is
        the day it was published.
      </p>
      <p>
        A review is withdrawn when its author deletes their account. If you think a review breaks these rules, write to
        us from the{" "}
        <Link to="/" className="underline underline-offset-4">
          shop
        </Link>
        's contact details and we will read it again.
      </p>
    </section>
  );
}
