/*
 * How the admin's pages name a customer in an address (record 45): an account by its id, a guest
 * by one of their orders (the guest is the orders with that order's e-mail address or mobile
 * number). Neither says anything of the person to whoever reads the address.
 */

export type CustomerRef = { kind: "account"; userId: string } | { kind: "guest"; orderId: number };

export function customerRefOf(order: { id: number; userId: string | null }): string {
  return order.userId ? `a-${order.userId}` : `g-${order.id}`;
}

/** The customer an address names; null when it names none. */
export function readCustomerRef(text: string): CustomerRef | null {
  const account = /^a-([A-Za-z0-9]{8,64})$/.exec(text);
  if (account?.[1]) return { kind: "account", userId: account[1] };
  const guest = /^g-([1-9][0-9]{0,14})$/.exec(text);
  return guest?.[1] ? { kind: "guest", orderId: Number(guest[1]) } : null;
}
