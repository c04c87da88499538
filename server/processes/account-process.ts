import type { IndianMobile } from "#core/phone.ts";
import type { Executor } from "../db/schema.ts";
import { type Effect, type ProcessPart, ProcessSlot } from "./process.ts";

/*
 * What happens in other rooms when an account proves a mobile number by its code (record 44):
 * the accounts room cannot call the rooms that react (orders sit above it), so they
 * register their effects here, as rooms do on the order machine (record 37), and the composition
 * step installs them. They run in the transaction that gives the account its number.
 */

export const ACCOUNT_EVENTS = ["phone-verified"] as const;
export type AccountEvent = (typeof ACCOUNT_EVENTS)[number];

/** An account has just proved that this number is its own. */
export type PhoneVerified = { trx: Executor; userId: string; phone: IndianMobile; now: number };

export type AccountEffect = Effect<PhoneVerified>;

export type AccountProcess = ProcessPart<AccountEvent, never, PhoneVerified>;

/** The shop's account events, installed by the composition step, read where an account proves its number. */
export const accountProcessSlot = new ProcessSlot<AccountEvent, never, PhoneVerified>("account", ACCOUNT_EVENTS);
