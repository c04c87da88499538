import { composeShopProcesses } from "#server/shop-processes.ts";

/*
 * Every test file starts with the shop's processes composed, as the bootstrap composes them before
 * the shop takes a request (record 37): a service test moves orders and returns with the same
 * effects, in the same order, as the running shop.
 */
composeShopProcesses();
