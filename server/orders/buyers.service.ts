import type { Executor } from "../db/schema.ts";
import {
  type Buyer,
  type BuyerSearch,
  findBuyerOrderIds,
  findBuyerOrders,
  findBuyers,
  sumBuyerOrders,
} from "./buyers.repository.ts";

/*
 * What the customers room reads of orders (record 45), through the orders' own queries. Who may
 * see a customer is the caller's rule.
 */

export type { Buyer, BuyerSearch };

export function buyerOrders(executor: Executor, buyer: Buyer, limit: number) {
  return findBuyerOrders(executor, buyer, limit);
}

export function buyerTotals(executor: Executor, buyer: Buyer) {
  return sumBuyerOrders(executor, buyer);
}

export function buyerOrderIds(executor: Executor, buyer: Buyer, limit: number) {
  return findBuyerOrderIds(executor, buyer, limit);
}

export function buyersPage(executor: Executor, search: BuyerSearch, limit: number, offset: number) {
  return findBuyers(executor, search, limit, offset);
}
