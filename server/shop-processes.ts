import { auditOnOrders, auditOnReturns } from "./audit/audit-on-machines.ts";
import { codConfirmationOnOrders } from "./cod-confirmation/cod-confirmation-on-orders.ts";
import { deliveryOnOrders } from "./delivery/delivery-on-orders.ts";
import { invoicesOnOrders } from "./invoices/invoices-on-orders.ts";
import { mailOnOrders, mailOnReturns, mailOnShipments } from "./mail/status-mails.ts";
import { messagingOnOrders } from "./messaging/messaging-on-orders.ts";
import { messagingOnShipments } from "./messaging/messaging-on-shipments.ts";
import { offersOnOrders } from "./offers/offers-on-orders.ts";
import { ordersOnAccounts } from "./orders/guest-orders-by-phone.ts";
import { paymentsOnOrders } from "./payments/payments-on-orders.ts";
import { type AccountProcess, accountProcessSlot } from "./processes/account-process.ts";
import { type OrderProcess, orderProcessSlot } from "./processes/order-process.ts";
import { type ReturnProcess, returnProcessSlot } from "./processes/return-process.ts";
import { type ShipmentProcess, shipmentProcessSlot } from "./processes/shipment-process.ts";
import { settlementOnReturns } from "./returns/return-settlement.ts";
import { reviewsOnOrders } from "./reviews/review-invitations.ts";
import { rewardsOnOrders } from "./rewards/rewards-on-orders.ts";
import { ordersOnShipments } from "./shipping/orders-follow-parcels.ts";
import { stockOnOrders } from "./stock/stock-on-orders.ts";
import { stockOnReturns } from "./stock/stock-on-returns.ts";
import { storeCreditOnOrders } from "./store-credit/store-credit-on-orders.ts";

/*
 * The shop's composition step (record 37): which rooms take part in the life of an order and of a
 * return, and in which order their effects run. The bootstrap runs it before the shop takes a
 * request, the test setup before every test file, and each benchmark before it starts; until it
 * has run, the machines refuse to move anything.
 */

/**
 * The order's process, in the order its guards are checked and its effects run on every move:
 * goods back on the shelf first, then the offers, points and store credit the order used, then its
 * money (paid before it ships; refunded when cancelled), then its tax documents (an e-way bill
 * before it ships; the credit note when it does not sell), then the buyer's mail, which names the
 * refund and the credit note, and their SMS and WhatsApp; then a large cash order's confirmation
 * (asked for after the placed SMS; confirmed before it ships), then the invitation to review, which
 * waits days after it, and last how the parcel ended at its pincode (delivered, or back to the
 * shop), which the return-to-origin rate counts. The audit log's entry of a move a member of staff
 * made (record 45) comes before the mail.
 */
export const ORDER_PROCESS: readonly OrderProcess[] = [
  stockOnOrders,
  offersOnOrders,
  rewardsOnOrders,
  storeCreditOnOrders,
  paymentsOnOrders,
  invoicesOnOrders,
  auditOnOrders,
  mailOnOrders,
  messagingOnOrders,
  codConfirmationOnOrders,
  reviewsOnOrders,
  deliveryOnOrders,
];

/**
 * A return's process, in the same way: the pieces back on the shelf (or an exchange's held size
 * when it is rejected), then the return's own settlement (its credit note and replacement invoice,
 * the points of the pieces, the money back, store credit first), then the audit log's entry of a step a member of staff took, then the shopper's mail.
 */
export const RETURN_PROCESS: readonly ReturnProcess[] = [
  stockOnReturns,
  settlementOnReturns,
  auditOnReturns,
  mailOnReturns,
];

/**
 * A parcel's process (record 43): the order follows its parcel first (shipped, delivered, back to
 * the shop, each with the order's own mail, SMS and WhatsApp), then the buyer's mail of the news
 * that is no order step (out for delivery, a failed attempt), then its SMS and WhatsApp (record 44).
 */
export const SHIPMENT_PROCESS: readonly ShipmentProcess[] = [ordersOnShipments, mailOnShipments, messagingOnShipments];

/** What the rooms do when an account proves its mobile number: its recent guest orders join it. */
export const ACCOUNT_PROCESS: readonly AccountProcess[] = [ordersOnAccounts];

/** Composes the shop's processes and installs them where the machines find them; running it again changes nothing. */
export function composeShopProcesses(): void {
  orderProcessSlot.install(orderProcessSlot.compose(ORDER_PROCESS));
  returnProcessSlot.install(returnProcessSlot.compose(RETURN_PROCESS));
  shipmentProcessSlot.install(shipmentProcessSlot.compose(SHIPMENT_PROCESS));
  accountProcessSlot.install(accountProcessSlot.compose(ACCOUNT_PROCESS));
}
