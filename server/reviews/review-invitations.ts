import { createHash } from "node:crypto";
import { knownLocale, localizedPath } from "#core/locales.ts";
import type { Executor } from "../db/schema.ts";
import { randomToken } from "../ids.ts";
import { queueMail } from "../mail/mail.service.ts";
import { languageField } from "../mail/mail-language.ts";
import type { OrderEffect, OrderProcess } from "../processes/order-process.ts";
import { insertInvitation, isOptedOut } from "./reviews.repository.ts";

/** How long after delivery the invitation to review goes out. */
export const INVITATION_DELAY_MS = 3 * 24 * 3_600_000;

/** An unsubscribe link's token as it is kept: only its hash, so the table gives no link away. */
export function invitationTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Queues the invitation to review a delivered order's pieces, to go out a few days later: once per
 * order (a second delivery of the same order asks nothing), only for a customer's order (a guest
 * has no account to review with), and never to an address that said no more.
 */
export async function inviteToReview(
  trx: Executor,
  order: {
    id: number;
    userId: string | null;
    email: string;
    name: string;
    orderNumber: string;
    locale?: string | null;
  },
  pieces: readonly { productId: number; title: string }[],
  now: number,
): Promise<boolean> {
  if (!order.userId) return false;
  const key = order.email.trim().toLowerCase();
  if (await isOptedOut(trx, key)) return false;
  const token = randomToken();
  const tokenHash = invitationTokenHash(token);
  if (!(await insertInvitation(trx, { orderId: order.id, emailKey: key, tokenHash, queuedAt: now }))) return false;
  const unique = [...new Map(pieces.map((piece) => [piece.productId, piece])).values()];
  // The invitation speaks the order's language and links to the pages in it (record 47).
  const locale = knownLocale(order.locale);
  const inLanguage = (path: string) => localizedPath(path, locale);
  await queueMail(
    trx,
    {
      kind: "review-invitation",
      to: order.email,
      payload: {
        name: order.name,
        orderNumber: order.orderNumber,
        pieces: unique.map((piece) => ({ title: piece.title, reviewPath: inLanguage(`/review/${piece.productId}`) })),
        unsubscribePath: inLanguage(`/reviews/unsubscribe/${token}`),
        ...languageField(locale),
      },
    },
    now,
    { sendAt: now + INVITATION_DELAY_MS },
  );
  return true;
}

/** A few days after delivery, the buyer is asked how the pieces fitted (once per order). */
const inviteReview: OrderEffect = async ({ trx, order, now, lines }) => {
  // Only a customer is invited: a guest's order needs no read of its lines.
  if (!order.userId) return;
  await inviteToReview(trx, order, await lines(), now);
};

/** What the order's moves do for its reviews (record 37). */
export const reviewsOnOrders: OrderProcess = {
  room: "reviews",
  effects: { delivered: [inviteReview] },
};
