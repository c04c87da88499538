import { nationalNumber } from "#core/phone.ts";
import type { AccountEffect, AccountProcess } from "../processes/account-process.ts";
import { giveGuestOrdersTo } from "./orders.repository.ts";

/*
 * Guest orders join the account of the number they were placed with (record 44), when
 * that account proves the number by a code: My Orders shows them, and they are returned and
 * cancelled as the account's own. Only orders placed as a guest (never those an account left
 * behind when it was deleted) with exactly that delivery number, and only those of the last 90 days:
 * a deactivated Indian number is given to a new subscriber no sooner than 90 days later, so an order
 * placed within 90 days of the proof was placed while the number was its prover's.
 *
 * Their points stay as they were placed (none: a guest's order earns and spends none). Its prices,
 * offers and total were a guest's; an account's points would change what the order promised.
 */

export const GUEST_ORDERS_WINDOW_MS = 90 * 86_400_000;

const takeGuestOrders: AccountEffect = async ({ trx, userId, phone, now }) => {
  await giveGuestOrdersTo(trx, { userId, phone: nationalNumber(phone), placedAfter: now - GUEST_ORDERS_WINDOW_MS });
};

export const ordersOnAccounts: AccountProcess = { room: "orders", effects: { "phone-verified": [takeGuestOrders] } };
