import type { DeliveryAddress } from "#core/delivery-address.ts";
import { stateByCode } from "#core/indian-states.ts";
import { knownLocale, localizedPath } from "#core/locales.ts";
import { orderPathFor } from "#core/order-paths.ts";
import type { Executor } from "../db/schema.ts";
import { orderPromise } from "../delivery/delivery.service.ts";
import { queueMail } from "../mail/mail.service.ts";
import { languageField } from "../mail/mail-language.ts";
import { orderOffers } from "../offers/offer-redemption.ts";
import type { Placement } from "./order-pricing.ts";

/** The confirmation is written with the order: it goes if, and only if, the order stands. */
export async function queueConfirmation(trx: Executor, placement: Placement, now: number): Promise<void> {
  const { checkout, totals } = placement;
  await queueOrderConfirmation(
    trx,
    {
      ...checkout,
      id: placement.orderId,
      orderNumber: placement.orderNumber,
      accessToken: placement.accessToken,
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      pointsRedeemed: totals.pointsRedeemed,
      pointsEarned: placement.pointsEarned,
      total: totals.grandTotal + placement.codFee,
      roundOff: totals.roundOff,
      codFee: placement.codFee,
      paymentMethod: placement.method,
      storeCreditUsed: placement.storeCredit,
      locale: placement.locale,
    },
    placement.sold.map(({ title, size, quantity, unitPrice }) => ({ title, size, quantity, unitPrice })),
    now,
  );
}

/**
 * The order's confirmation mail: queued with a cash order, and with an online order's payment
 * (server/payments), from what the order recorded.
 */
export async function queueOrderConfirmation(
  trx: Executor,
  order: DeliveryAddress & {
    id: number;
    orderNumber: string;
    accessToken: string;
    email: string;
    userId: string | null;
    subtotal: number;
    shipping: number;
    pointsRedeemed: number;
    pointsEarned: number;
    total: number;
    /** Paise of the total that round it to a whole rupee (record 34); 0 for older orders. */
    roundOff: number;
    codFee: number;
    paymentMethod: string;
    storeCreditUsed: number;
    /** The order's language (older callers and orders: English). */
    locale?: string;
  },
  lines: readonly { title: string; size: string; quantity: number; unitPrice: number }[],
  now: number,
): Promise<void> {
  const locale = knownLocale(order.locale);
  const orderPath = localizedPath(orderPathFor(order), locale);
  const promise = await orderPromise(trx, order.id);
  await queueMail(
    trx,
    {
      kind: "order-placed",
      to: order.email,
      payload: {
        orderNumber: order.orderNumber,
        name: order.name,
        lines: lines.map(({ title, size, quantity, unitPrice }) => ({
          title,
          size,
          quantity,
          lineTotal: unitPrice * quantity,
        })),
        subtotal: order.subtotal,
        shipping: order.shipping,
        offers: (await orderOffers(trx, order.id)).map(({ name, goods, shipping }) => ({ name, goods, shipping })),
        pointsRedeemed: order.pointsRedeemed,
        pointsEarned: order.pointsEarned,
        total: order.total,
        ...(order.roundOff ? { roundOff: order.roundOff } : {}),
        address: `${order.address}, ${order.city}, ${stateByCode(order.stateCode)?.name ?? ""}`,
        pincode: order.pincode,
        phone: order.phone,
        orderPath,
        invoicePath: `${orderPathFor(order)}/invoice`,
        ...languageField(locale),
        isGuest: order.userId === null,
        paymentMethod: order.paymentMethod === "online" ? "online" : "cod",
        ...(order.codFee ? { codFee: order.codFee } : {}),
        ...(order.storeCreditUsed ? { storeCredit: order.storeCreditUsed } : {}),
        ...(promise ? { deliveryFrom: promise.promisedFrom, deliveryUntil: promise.promisedUntil } : {}),
      },
    },
    now,
  );
}
