import { randomBytes, randomUUID } from "node:crypto";
import { type Actor, type Role, SYSTEM, type UserActor } from "#core/actor.ts";
import { type CollectionFlag, flagRecord } from "#core/collections.ts";
import { signUp } from "../accounts/accounts.service.ts";
import type { ProductInput, Size } from "../catalog/catalog.schemas.ts";
import { createProduct } from "../catalog/catalog-admin.service.ts";
import type { Db } from "../db/schema.ts";
import type { DocumentSigning, SigningCertificate } from "../invoices/document-signing.ts";
import type { Sale } from "../orders/place-order.ts";
import { DEMO_SELLER, DEMO_SIGNATORY } from "../tax/seller.ts";
import { testConfig } from "./test-config.ts";

/** A word no other test uses, to find this test's own rows among everyone's. */
export function uniqueWord(prefix = "zq"): string {
  return `${prefix}${randomBytes(4).toString("hex")}`;
}

/** A random client address in 10.0.0.0/8, for a request that must not count against another's limits. */
export function uniqueAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

export type ProductOverrides = Partial<Omit<ProductInput, "flags" | "sizes">> & {
  flags?: CollectionFlag[];
  sizes?: Partial<Record<Size, number>>;
  createdAt?: number;
};

export async function makeProduct(db: Db, overrides: ProductOverrides = {}): Promise<number> {
  const { flags = [], sizes = { S: 5, M: 5, L: 5 }, createdAt, ...fields } = overrides;
  const input: ProductInput = {
    title: `Test kurta ${uniqueWord()}`,
    price: 129_900,
    images: ["products/test-image"],
    category: "Ethnic",
    type: "Kurta",
    fabric: "Cotton",
    description: "A test product.",
    description1: "",
    ...fields,
    flags: flagRecord(flags),
    sizes: Object.entries(sizes).map(([size, stock]) => ({ size: size as Size, stock: stock ?? 0 })),
  };
  return createProduct(db, SYSTEM, input, createdAt);
}

export type TestUser = { id: string; email: string; password: string; token: string };

/** A signed-up customer with a live session. */
export async function makeCustomer(db: Db, overrides: { name?: string; email?: string; password?: string } = {}) {
  const email = overrides.email ?? `${uniqueWord("user")}@shop.test`;
  const password = overrides.password ?? "Secret-pass-1";
  const { user, token } = await signUp(
    db,
    testConfig(),
    { name: overrides.name ?? "Test Customer", email, password },
    // An address of its own, as a real customer has: a suite's many customers are no flood.
    { ip: uniqueAddress(), userAgent: "test" },
  );
  return { id: user.id, email, password, token } satisfies TestUser;
}

/**
 * A user actor for a customer, or a member of staff of a role, as the session middleware would
 * build it. "admin" is the one administrator of before roles: an Owner (record 45).
 */
export function actorFor(user: { id: string; email: string }, role: Role | "admin" = "customer"): UserActor {
  return {
    kind: "user",
    userId: user.id,
    email: user.email,
    name: "Test",
    role: role === "admin" ? "owner" : role,
    guestId: null,
  };
}

/** A visitor with a guest cookie of their own. */
export function makeVisitor(): Extract<Actor, { kind: "visitor" }> {
  return { kind: "visitor", guestId: uniqueWord("guest") };
}

/** Valid checkout details with a fresh idempotency key. */
export function checkoutDetails(overrides: Record<string, unknown> = {}) {
  return {
    name: "Asha Verma",
    address: "Flat 7, Palm Court, Linking Road, Bandra West",
    city: "Mumbai",
    stateCode: "27",
    pincode: "400050",
    phone: "+91 98200 12345",
    email: `${uniqueWord("buyer")}@mail.in`,
    idempotencyKey: randomUUID(),
    redeemPoints: false,
    ...overrides,
  };
}

/** A sale by the demo seller, now or at the given moment, for tests that place orders. */
export function atShop(now?: number): Sale {
  return { seller: DEMO_SELLER, ...(now === undefined ? {} : { now }) };
}

/** How the demo shop signs its documents: by the demo signatory, with the certificate given (none: unsigned). */
export function shopSigning(certificate?: SigningCertificate): DocumentSigning {
  return { signatory: DEMO_SIGNATORY, certificate };
}
