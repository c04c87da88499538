import { paymentWords } from "#core/payment-status.ts";
import { orderPointsState } from "#core/points.ts";
import type { OrderDetail } from "#server/orders/orders.schemas.ts";
import type { Translate } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";

/** "Online · Paid", "Cash on delivery", in the page's language. */
export function paymentText(t: Translate, payment: Pick<OrderDetail["payment"], "method" | "label">): string {
  return serviceText(t, paymentWords(payment.method, payment.label));
}

/** "Size M", or "One Size", in the page's language (core/sizes.ts sizeText in English). */
export function sizeLabel(t: Translate, size: string): string {
  return size === "One Size" ? t("size.one") : t("size.named", { size });
}

/** "size M" within a sentence, or "One Size" (core/sizes.ts sizeWords in English). */
export function sizeInWords(t: Translate, size: string): string {
  return size === "One Size" ? t("size.one") : t("size.word", { size });
}

/** What is left after store credit, as its money stands: paid online, in cash, or still due at the door. */
export function leftToPayLabel(t: Translate, order: OrderDetail): string {
  if (order.payment.method === "online") return t("payment.paidOnline");
  if (order.payment.status === "cod-collected" || order.payment.status === "cod-remitted") {
    return t("payment.paidInCash");
  }
  return order.payment.status === "paid" ? t("payment.leftToPay") : t("payment.toPayOnDelivery");
}

/**
 * The order's reward points in words (core/points.ts orderPointsMessage says the same in English):
 * pending, earned (less those that went back with returned pieces), or dropped with the order.
 */
export function orderPointsText(
  t: Translate,
  order: { status: string; pointsEarned: number; pointsTakenBack?: number },
): string | null {
  const points = order.pointsEarned;
  const unit = t(points === 1 ? "orderPoints.point" : "orderPoints.points");
  const takenBack = order.pointsTakenBack ?? 0;
  switch (orderPointsState(order)) {
    case "pending":
      return t("orderPoints.pending", { points, unit });
    case "earned":
      return takenBack > 0
        ? t("orderPoints.earnedLess", { points, unit, takenBack, remain: points - takenBack })
        : t("orderPoints.earned", { points, unit });
    case "dropped":
      return t(order.status === "cancelled" ? "orderPoints.droppedCancelled" : "orderPoints.droppedReturned", {
        points,
        unit,
      });
    default:
      return null;
  }
}
