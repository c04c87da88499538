import type { Locale } from "#core/locales.ts";
import type { OfferTaken } from "#core/offers.ts";
import type { OrderStatus } from "../db/schema.ts";

/** What an order e-mail lists of each line. */
export type MailLine = { title: string; size: string; quantity: number; lineTotal: number };

/**
 * Every message the shop sends, with what its template needs. Links are paths on the shop; the
 * worker puts the configured public address in front when it renders the message.
 */
export type MailMessage =
  | {
      kind: "order-placed";
      to: string;
      payload: {
        orderNumber: string;
        name: string;
        lines: MailLine[];
        subtotal: number;
        shipping: number;
        /** What each offer took off (record 31); mails queued before offers have none. */
        offers?: OfferTaken[];
        pointsRedeemed: number;
        pointsEarned: number;
        total: number;
        /** Paise that round the total to a whole rupee (record 34); absent when none. */
        roundOff?: number;
        address: string;
        pincode: string;
        phone: string;
        orderPath: string;
        invoicePath: string | null;
        isGuest: boolean;
        /** The days ("YYYY-MM-DD") the order is due between; a message queued before promises has none. */
        deliveryFrom?: string;
        deliveryUntil?: string;
        /** How it is paid (mails queued before online payment have none: cash), and cash's fee. */
        paymentMethod?: "cod" | "online";
        codFee?: number;
        /** Paise of the total paid with store credit at checkout (a payment, not a discount). */
        storeCredit?: number;
        /** The order's language, when not English (record 47). */
        locale?: Locale;
      };
    }
  | {
      kind: "order-status";
      to: string;
      payload: {
        orderNumber: string;
        name: string;
        status: Exclude<OrderStatus, "placed">;
        orderPath: string;
        /** The order's language, when not English (record 47). */
        locale?: Locale;
        /** The fields below came with later mails; a message queued before them has none. */
        /** Paise: what is paid at the door, or was paid on delivery. */
        total?: number;
        courier?: string | null;
        trackingNumber?: string | null;
        expectedDeliveryAt?: number | null;
        /** The cancellation's reason code (core/cancel-reasons.ts). */
        cancelReason?: string | null;
        creditNotePath?: string | null;
        pointsEarned?: number;
        pointsRedeemed?: number;
        /** Paid online already: nothing is due at the door. */
        paidOnline?: boolean;
        /** Paise going back to the buyer's account when a paid order is cancelled. */
        refundAmount?: number | null;
        /** Paise of store credit back in the account, when an order it paid is cancelled or comes back. */
        storeCreditBack?: number;
        /** Paise left to pay after store credit (the total when none was used). */
        amountDue?: number;
        /** The buyer's tracking page, when a courier carries the parcel (record 43). */
        trackingPath?: string | null;
      };
    }
  | ParcelNewsMail
  | ReturnMail
  | {
      kind: "order-link";
      to: string;
      /** The language of the page the link was asked on, when not English (record 47). */
      payload: { orderNumber: string; orderPath: string; locale?: Locale };
    }
  | {
      kind: "password-reset";
      to: string;
      /** The language of the page the reset was asked on, when not English (record 47). */
      payload: { name: string; resetPath: string; minutes: number; locale?: Locale };
    }
  | {
      kind: "verify-email";
      to: string;
      /** The account's language, when not English (record 47). */
      payload: { name: string; verifyPath: string; isNewAddress: boolean; locale?: Locale };
    }
  | {
      kind: "email-change-notice";
      to: string;
      /** The account's language, when not English (record 47). */
      payload: { name: string; newEmail: string; locale?: Locale };
    }
  | {
      kind: "staff-invitation";
      to: string;
      /** Who invited, the role's name, the link that sets the password, and how long it works. */
      payload: { invitedBy: string; role: string; joinPath: string; hours: number };
    }
  | {
      kind: "review-invitation";
      to: string;
      payload: {
        name: string;
        orderNumber: string;
        /** Each piece of the order, with the path of its review form. */
        pieces: { title: string; reviewPath: string }[];
        /** Works without signing in: a token of this invitation. */
        unsubscribePath: string;
        /** The order's language, when not English (record 47). */
        locale?: Locale;
      };
    }
  | {
      /** The owner's daily list of sizes that fell to their reorder point (record 46). */
      kind: "low-stock-digest";
      to: string;
      payload: {
        sizes: { productId: number; title: string; size: string; sku: string; stock: number; reorderPoint: number }[];
        stockPath: string;
      };
    };

export type MailKind = MailMessage["kind"];

/**
 * A mail whose one-time link is made only as it is sent (record 33): the outbox keeps whom it is
 * for, never the link, whose code exists nowhere but in the mail and, as a hash, in action_codes.
 * A reset is queued to the address typed whether or not it has an account: the sender finds out.
 */
export type LinkMailRequest =
  | { kind: "password-reset"; to: string; payload: { link: "at-send"; locale?: Locale } }
  | {
      kind: "verify-email";
      to: string;
      payload: { link: "at-send"; userId: string; isNewAddress: boolean; locale?: Locale };
    }
  /** An invitation to the staff (record 45): its one-time link is made as it is sent, too. */
  | { kind: "staff-invitation"; to: string; payload: { link: "at-send"; invitationId: number } };

/** What the outbox holds: a message as it will be rendered, or a request for a link mail. */
export type QueuedMail = Exclude<MailMessage, { kind: LinkMailRequest["kind"] }> | LinkMailRequest;

/**
 * Makes a link mail as it is sent: the code issued now, the message as rendered; null when it has
 * no one to go to any more (no such account, disabled, already confirmed), and is dropped.
 * The accounts room provides it; the worker is given it where the shop starts.
 */
export type LinkMaker = (request: LinkMailRequest, now: number) => Promise<MailMessage | null>;

/**
 * News of a parcel on its way that is no step of the order (record 43): it is out for delivery, or
 * a delivery attempt failed (with what the buyer can ask for on the tracking page).
 */
export type ParcelNewsMail = {
  kind: "parcel-news";
  to: string;
  payload: {
    /** The order's language; English when absent. */
    locale?: Locale;
    orderNumber: string;
    name: string;
    news: "out-for-delivery" | "delivery-failed";
    trackingPath: string;
    courier: string | null;
    awb: string | null;
    /** The failed attempts so far (the one just failed included). */
    attempts: number;
    /** The courier's words for the attempt ("Consignee unavailable"). */
    activity: string | null;
    /** Paise to pay at the door; 0 when paid. */
    amountDue: number;
  };
};

/** A step of a return or exchange (record 30). */
export type ReturnMail = {
  kind: "return-status";
  to: string;
  payload: {
    /** The order's language; English when absent. */
    locale?: Locale;
    orderNumber: string;
    name: string;
    /** core/returns.ts ReturnStatus. */
    status: string;
    title: string;
    size: string;
    quantity: number;
    exchangeSize: string | null;
    /** Paise going back, and how ("gateway", "store-credit", "upi"); null for an exchange. */
    amount: number | null;
    refundMethod: string | null;
    /** Paise of the amount given back as store credit because the order was paid with it (mails before it: none). */
    storeCreditBack?: number;
    rejectReason: string | null;
    selfShip: boolean;
    orderPath: string;
    creditNotePath: string | null;
    /** An accepted exchange's replacement invoice (mails queued before it have none). */
    exchangeInvoicePath?: string | null;
    /** For an accepted refund: false while its money is on its way ("Refund approved"); absent in older mails. */
    refundDone?: boolean;
    /** A refund to UPI: the UPI ID masked, and the transfer's UTR once it is made. */
    upiId?: string | null;
    utr?: string | null;
    /** An exchange's replacement once shipped: who carries it, its tracking number, the day expected. */
    courier?: string | null;
    trackingNumber?: string | null;
    expectedDeliveryAt?: number | null;
  };
};

/** A message as the outbox keeps it and the admin's E-mails view lists it. */
export type OutboxEntry = {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  status: "queued" | "sending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
};
