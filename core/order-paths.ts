/**
 * Where a mail or a page sends the buyer: the order's secret link, which opens without signing in,
 * so the link keeps working for a customer who is signed out, on another device, or has deleted the
 * account.
 */
export function orderPathFor(order: { accessToken: string }): string {
  return `/orders/${order.accessToken}`;
}
