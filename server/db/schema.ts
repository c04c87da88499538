import type { Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { Role } from "#core/actor.ts";
import type { StaffRole } from "#core/permissions.ts";
import type { ShipmentStatus } from "#core/shipment-status.ts";
import type { StockReasonName } from "#core/stock.ts";

/*
 * Table types as the code sees them: Kysely's CamelCasePlugin maps them to snake_case columns.
 * Flags are 0/1 integers and times are epoch milliseconds on both engines, so rows look the same
 * on SQLite and PostgreSQL.
 */

export interface ProductsTable {
  id: Generated<number>;
  title: string;
  /** Paise. */
  price: number;
  imageMain: string;
  image1: string | null;
  image2: string | null;
  image3: string | null;
  image4: string | null;
  category: string;
  /** lower(category): what the listing filters compare against. */
  categoryKey: string;
  type: string;
  fabric: string | null;
  /** lower(fabric), '' when there is none. */
  fabricKey: string;
  /** The HSN code that sets the GST rate. */
  hsn: string;
  description: string;
  description1: string;
  /** lower(title, category and fabric): what the search box matches. */
  searchText: string;
  /** The full-text index's words (see catalog/search/words.ts), by weight: title, type and category, fabric, description. */
  searchTitle: Generated<string>;
  searchKind: Generated<string>;
  searchFabric: Generated<string>;
  searchDescription: Generated<string>;
  /** 1 while any size has stock; kept by triggers on product_sizes. */
  inStock: Generated<number>;
  isPakistaniSuits: number;
  isKoreanTrendy: number;
  isPinterestFinds: number;
  isAnarkaliDress: number;
  isWestern: number;
  isEthnic: number;
  isAccessories: number;
  isHandbags: number;
  isJewellery: number;
  isMore: number;
  soldCount: Generated<number>;
  archived: Generated<number>;
  createdAt: number;
  updatedAt: number;
  /** 1 for a piece that cannot be returned (jewellery, innerwear). */
  nonReturnable: Generated<number>;
  /** The product's name in product files (record 41), unique; set once when the product is made. */
  handle: string;
}

export interface ProductSizesTable {
  productId: number;
  size: string;
  /** The sum of the size's stock movements, kept in the transaction that writes each one (record 46). */
  stock: number;
  position: number;
  /** Unique across the shop (core/sku.ts). */
  sku: string;
  /** An EAN-13 or Code 128 text (core/barcode.ts), unique when set. */
  barcode: Generated<string | null>;
  /** At or below this many pieces the size is low; null: the shop's threshold (core/stock.ts). */
  reorderPoint: Generated<number | null>;
}

/** Why a size's stock changed (record 46). */
export type StockReason = StockReasonName;

/** One change of a size's stock: the size's stock is the sum of its movements. */
export interface StockMovementsTable {
  id: Generated<number>;
  productId: number;
  size: string;
  reason: StockReason;
  /** Pieces in (positive) or out (negative). */
  quantity: number;
  stockAfter: number;
  note: string | null;
  /** The staff member or buyer who made it; null for the shop itself, a guest or a courier. */
  userId: string | null;
  /** Who made it, as written then: an e-mail, "Guest", "Courier", "Shop". */
  byName: string;
  orderId: number | null;
  returnId: number | null;
  createdAt: number;
}

/** A size that fell to its reorder point, kept until the owner's daily digest has named it. */
export interface LowStockAlertsTable {
  id: Generated<number>;
  productId: number;
  size: string;
  stock: number;
  reorderPoint: number;
  crossedAt: number;
  mailedAt: number | null;
}

/** An import of a product file: its counts, and its report as JSON. */
export interface ProductImportsTable {
  id: Generated<number>;
  fileName: string;
  userId: string | null;
  byName: string;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  report: string;
  createdAt: number;
}

/** A picture an import fetches in the background from its https:// address. */
export interface PictureFetchesTable {
  id: Generated<number>;
  importId: number;
  productId: number;
  url: string;
  status: "waiting" | "stored" | "failed";
  error: string | null;
  attempts: Generated<number>;
  leaseUntil: number | null;
  updatedAt: number;
}

/** A word the administrator made a synonym of another ("ghagra" → "lehenga"). */
export interface SearchSynonymsTable {
  word: string;
  target: string;
  createdAt: number;
}

/** One search a shopper made: what they typed, how many products it found and how long it took. */
export interface SearchLogTable {
  id: Generated<number>;
  query: string;
  resultCount: number;
  tookMs: number;
  at: number;
}

/** The pictures of the home page's hero slides and tiles, by slot. */
export interface HomeImagesTable {
  slot: string;
  image: string;
}

export interface UsersTable {
  id: string;
  /** The language of the pages the account last used; null for the default (record 47). */
  locale: Generated<string | null>;
  name: string;
  email: string;
  emailKey: string;
  passwordHash: string;
  /** "customer", or a staff role (core/permissions.ts): owner, manager, catalogue, support, packer. */
  role: Role;
  phone: string | null;
  address: string | null;
  /** Storage key of the profile photo. */
  photo: string | null;
  photoUpdatedAt: number | null;
  disabled: Generated<number>;
  createdAt: number;
  lastLoginAt: number | null;
  pointsBalance: Generated<number>;
  /** When the address was confirmed through its link; null until then. */
  emailVerifiedAt: number | null;
  /** The saved delivery address's city, state (GST state code) and pincode. */
  city: string | null;
  stateCode: string | null;
  pincode: string | null;
  /** The pincode last checked for delivery on a product page; null until one is. */
  deliveryPincode: Generated<string | null>;
  /** Store credit, paise, never below zero (the database refuses it). */
  storeCreditBalance: Generated<number>;
  /**
   * Points taken back with returned pieces that the balance no longer held (already spent): later
   * earnings clear them first. Never below zero.
   */
  pointsOwed: Generated<number>;
  /** The number the account signs in with ("+91" and ten digits), once a code verified it; unique. */
  mobile: Generated<string | null>;
  mobileVerifiedAt: Generated<number | null>;
}

export interface SessionsTable {
  idHash: string;
  userId: string;
  createdAt: number;
  renewedAt: number;
  expiresAt: number;
  userAgent: string | null;
}

/** One counted use of a limited action, for whom or what it was counted (see server/limits). */
export interface LimitHitsTable {
  id: Generated<number>;
  action: string;
  subject: string;
  at: number;
}

export interface CartLinesTable {
  owner: string;
  productId: number;
  size: string;
  quantity: number;
  addedAt: number;
}

export interface WishlistItemsTable {
  owner: string;
  productId: number;
  size: string | null;
  addedAt: number;
}

import type { OrderStatus } from "#core/order-status.ts";
import type { PaymentStatus } from "#core/payment-status.ts";
import type { PointsEntryKind } from "#core/points.ts";

export type { OrderStatus, PaymentStatus };

export interface OrdersTable {
  id: Generated<number>;
  /** The language of the page the order was placed on; its mails, SMS and WhatsApp updates are written in it (record 47). */
  locale: Generated<string>;
  orderNumber: string;
  paymentRef: string;
  userId: string | null;
  accessToken: string;
  idempotencyKey: string;
  requestFingerprint: string;
  email: string;
  name: string;
  address: string;
  pincode: string;
  phone: string;
  status: OrderStatus;
  subtotal: number;
  shipping: number;
  pointsRedeemed: number;
  pointsEarned: number;
  total: number;
  itemCount: number;
  paymentMethod: Generated<string>;
  createdAt: number;
  updatedAt: number;
  city: Generated<string>;
  /** The delivery state's GST code: the place of supply. '' for orders placed before invoicing. */
  stateCode: Generated<string>;
  invoiceNumber: string | null;
  invoiceDate: number | null;
  supplyType: "intra" | "inter" | null;
  /** The seller as printed on the invoice (JSON of SellerDetails). */
  seller: string | null;
  creditNoteNumber: string | null;
  creditNoteDate: number | null;
  /** A business buyer's GSTIN and legal name, for a B2B tax invoice; null for a consumer. */
  buyerGstin: string | null;
  buyerLegalName: string | null;
  /** The e-way bill's 12-digit number, for an order that needs one (server/invoices/eway-bills.ts). */
  ewayBillNumber: string | null;
  ewayBillEnteredAt: number | null;
  /** Told to the buyer when the order ships: who carries it, its tracking number, the day expected. */
  courier: string | null;
  trackingNumber: string | null;
  expectedDeliveryAt: number | null;
  /** Why the order was cancelled (core/cancel-reasons.ts); null for any other order. */
  cancelReason: string | null;
  /** How the order's money stands, apart from its fulfilment (record 24). */
  paymentStatus: Generated<PaymentStatus>;
  /** Cash on delivery's fee, paise, GST-inclusive; part of `total`. */
  codFee: Generated<number>;
  /** The gateway's order for an online payment, and the payment that paid it. */
  gatewayOrderId: string | null;
  paymentId: string | null;
  /** Until when an unpaid online order holds its stock. */
  paymentExpiresAt: number | null;
  /** When an unpaid online order's stock went back on the shelf; null while it holds it. */
  stockReleasedAt: number | null;
  paidAt: number | null;
  cashCollectedAt: number | null;
  /** When the order was delivered: the return window counts from it. */
  deliveredAt: Generated<number | null>;
  /** Paise of `total` paid with store credit at checkout (a payment, not a discount); the rest is paid online or in cash. */
  storeCreditUsed: Generated<number>;
  /**
   * Paise added to the invoice's value to make `total` a whole rupee (−49 to +50); outside the
   * taxable value and the tax. 0 for orders placed before amounts were rounded.
   */
  roundOff: Generated<number>;
  /** 1 while a parcel that left the warehouse and came back waits to be checked in; its stock comes back then. */
  awaitingCheckIn: Generated<number>;
  checkedInAt: number | null;
  /** Placed without an account (1); such an order may later become the account of its verified number's owner. */
  placedAsGuest: Generated<number>;
  /** A cash order the shop confirmed with the buyer (the order index's To confirm tab): when, and who. */
  confirmedAt: Generated<number | null>;
  confirmedBy: Generated<string | null>;
  /** When the parcel was packed and by whom: it waits for the courier (To ship) until it leaves. */
  packedAt: Generated<number | null>;
  packedBy: Generated<string | null>;
}

/** One money event of an order, recorded once (a gateway event under its own id). */
export interface PaymentEventsTable {
  id: Generated<number>;
  orderId: number | null;
  eventId: string | null;
  kind: string;
  amount: number | null;
  currency: string | null;
  reference: string | null;
  /** Set on what the administrator must look at: an amount that does not match, an unknown order. */
  flagged: Generated<number>;
  note: string | null;
  at: number;
}

/** A refund of a gateway payment: the whole of it, or a return's part (record 30). */
export interface PaymentRefundsTable {
  id: Generated<number>;
  orderId: number;
  /** What makes the refund one: "payment:<payment id>" for a whole payment, "return:<id>" for a return. */
  refundKey: string;
  returnId: number | null;
  paymentId: string;
  amount: number;
  reason: string;
  status: Generated<"requested" | "created" | "processed">;
  /** The gateway's refund id; for a refund to UPI, the UTR of the transfer once it is paid. */
  refundId: string | null;
  /** How the money goes: back through the gateway (sent by the payment jobs), or to a UPI ID by hand. */
  via: Generated<"gateway" | "upi">;
  /** A node sending the refund holds it until then; another may try after. */
  attemptUntil: number | null;
  createdAt: number;
  processedAt: number | null;
}

/**
 * One payment an order received (record 32): online through the gateway, or the order's cash, each
 * with its own state; the order's `paymentStatus` is derived from them.
 */
export interface OrderPaymentsTable {
  id: Generated<number>;
  orderId: number;
  method: "online" | "cash";
  /** The gateway's payment id; null for cash. */
  gatewayPaymentId: string | null;
  amount: number;
  /** 1 when the payment pays the order; 0 for one it cannot keep (a second payment), which goes back. */
  kept: number;
  /** online: paid | refunding | refunded; cash: collected (by the courier) | remitted (to the shop). */
  status: "paid" | "refunding" | "refunded" | "collected" | "remitted";
  /** When the gateway captured it, or the buyer paid the courier at the door. */
  receivedAt: number;
  remittedAt: number | null;
  /** The courier's remittance reference (its UTR or batch id). */
  remittanceReference: string | null;
  updatedAt: number;
}

export interface OrderLinesTable {
  orderId: number;
  position: number;
  productId: number;
  title: string;
  description: string;
  category: string;
  image: string;
  size: string;
  unitPrice: number;
  quantity: number;
  hsn: Generated<string>;
  /** The material the piece was sold as ('' when none): some goods' GST rate depends on it. */
  material: Generated<string>;
}

/** One row of a tax document's table: a line of goods, or shipping. Amounts in paise. */
interface TaxLineColumns {
  position: number;
  kind: "goods" | "shipping";
  description: string;
  hsn: string;
  quantity: number;
  /** GST-inclusive value before the discount. */
  gross: number;
  /** The line's share of the discount. */
  discount: number;
  taxable: number;
  rateBps: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** The rows of an invoice's tax table. */
export interface OrderTaxLinesTable extends TaxLineColumns {
  orderId: number;
}

/** The last number issued in a series (invoices, credit notes) in a financial year. */
export interface DocumentCountersTable {
  series: string;
  financialYear: string;
  lastNumber: number;
  /** When the series' last document was issued: the next one is dated no earlier. */
  lastIssuedAt: Generated<number>;
}

export interface OrderStatusHistoryTable {
  /** Goes up in commit order: the live feed resumes after the last one it sent. */
  id: Generated<number>;
  orderId: number;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  actor: string;
  at: number;
}

/**
 * How a ledger entry moved the spendable balance: points earned on delivery, spent, an earning taken
 * back, a spending given back, points credited before delivery held back until it (older orders),
 * and a balance set right.
 */
/** The causes of a points entry are core's (core/points.ts), where the pages word them. */
export type PointsKind = PointsEntryKind;

export interface PointsLedgerTable {
  userId: string;
  orderId: number;
  kind: PointsKind;
  points: number;
  at: number;
  /** The return whose pieces moved these points; null for an order's own entries (and older ones). */
  returnId: number | null;
}

export type OutboxStatus = "queued" | "sending" | "sent" | "failed";

/** What an outbox keeps of each message to deliver, mail's and the SMS and WhatsApp one alike. */
interface OutboxColumns {
  id: Generated<number>;
  kind: string;
  recipient: string;
  payload: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  nextAttemptAt: number;
  leaseUntil: number | null;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** The mail outbox (server/mail). */
export interface OutboxTable extends OutboxColumns {
  subject: string;
}

/** A sign-in by a code sent to a mobile number (record 40); only an HMAC of the code is kept. */
export interface PhoneChallengesTable {
  id: string;
  phone: string;
  /** SHA-256 of the mark of the browser that asked: the code works only there. */
  browserHash: string;
  codeHmac: string | null;
  codeExpiresAt: number | null;
  sends: Generated<number>;
  lastSendAt: number;
  attempts: Generated<number>;
  verifiedAt: number | null;
  /** When the verified number was used, to sign in or for an account: once only. */
  claimedAt: number | null;
  createdAt: number;
}

export type MessageChannel = "sms" | "whatsapp";
export type MessageDelivery = "sent" | "delivered" | "read" | "failed";

/** The SMS and WhatsApp outbox (server/messaging), delivered by a worker as mail's is. */
export interface MessagesTable extends OutboxColumns {
  channel: MessageChannel;
  /** The template's key with its language ("phone-code.en"). */
  template: string;
  /** The provider's id of the message sent (a WhatsApp wamid, an MSG91 request id). */
  providerMessageId: string | null;
  delivery: MessageDelivery | null;
  /** How far delivery got: only ever grows (see server/messaging/delivery-status.ts). */
  deliveryRank: Generated<number>;
  deliveryError: string | null;
  deliveryAt: number | null;
  /** The message's language ("en", "hi"), as its template key also says. */
  language: Generated<string>;
}

/** A short link an SMS carries (`/m/<code>`), to a page of the shop. */
export interface MessageLinksTable {
  code: string;
  target: string;
  createdAt: number;
}

/** A cash order's wait for its buyer's confirmation, and the answer (server/cod-confirmation). */
export interface CodConfirmationsTable {
  orderId: number;
  tokenHash: string;
  askedAt: number;
  answeredAt: number | null;
  answer: "confirmed" | "cancelled" | null;
  answeredBy: string | null;
}

/** Each status a provider reported for a message, once. */
export interface MessageReceiptsTable {
  providerMessageId: string;
  status: string;
  rank: number;
  at: number;
  error: string | null;
  receivedAt: number;
}

/** An opt-in to (or out of) WhatsApp messages, with its time and wording; the latest counts. */
export interface WhatsappConsentsTable {
  id: Generated<number>;
  phone: string;
  choice: "in" | "out";
  wording: string;
  source: string;
  at: number;
}

export type ActionPurpose = "reset-password" | "verify-email" | "change-email";

export interface ActionCodesTable {
  codeHash: string;
  userId: string;
  purpose: ActionPurpose;
  newEmail: string | null;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

/** A pincode on the courier's list, as the seller uploaded it. */
export interface ServiceablePincodesTable {
  pincode: string;
  prepaid: number;
  cod: number;
  reversePickup: number;
  minDays: number;
  maxDays: number;
}

/** A day ("YYYY-MM-DD", India) on which nothing is dispatched or delivered. */
export interface DeliveryHolidaysTable {
  day: string;
  name: string;
}

/** The delivery promise an order was given: its zone and the first and last day it was due. */
export interface OrderDeliveryPromisesTable {
  orderId: number;
  zone: string;
  promisedFrom: string;
  promisedUntil: string;
}

/** A product's packed weight and size as measured; without a row it packs by its kind. */
export interface ProductParcelsTable {
  productId: number;
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  updatedAt: number;
}

/**
 * A parcel's life with the courier (record 39): one live shipment per order, booked under the
 * order's number; `status` moves along the machine in server/shipping/shipment-machine.ts.
 */
export interface ShipmentsTable {
  id: Generated<number>;
  orderId: number;
  /** The provider's key ("shiprocket"). */
  carrier: string;
  /** What the courier knows the parcel by on our side: the order number, sent as its order id. */
  reference: string;
  carrierOrderId: string | null;
  carrierShipmentId: string | null;
  awb: string | null;
  courierName: string | null;
  status: ShipmentStatus;
  /** When the news that set `status` happened, by the courier's clock. */
  statusAt: number;
  /** The courier's last status as it said it (label and id), whatever the shop made of it. */
  rawStatus: string | null;
  rawStatusId: number | null;
  paymentMethod: "cod" | "prepaid";
  /** Paise the courier collects at the door; 0 on a prepaid parcel. */
  codAmount: number;
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  /** The courier's own label document, once made. */
  labelUrl: string | null;
  /** The buyer's /track/<token> link: unguessable. */
  trackingToken: string;
  /** Delivery attempts that failed (NDRs). */
  attempts: Generated<number>;
  /** Why the last booking step failed, shown on the order until a retry succeeds. */
  bookingError: string | null;
  pickupRequestedAt: number | null;
  /** When the courier's news last came (a webhook or a tracking call): silent shipments are asked. */
  lastEventAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** Until when a booking step holds the shipment: another click or node meanwhile does nothing. */
  bookingUntil: number | null;
  /** 1 when the last failed booking step may pass on a retry (the courier busy or unreachable). */
  bookingRetryable: number | null;
  /** The day the courier expects to deliver, as it last said. */
  expectedDeliveryAt: number | null;
  /** The courier's routing code, printed on the shop's own label. */
  routingCode: string | null;
  /** Why the order could not follow the parcel (a move its rules refused), for the administrator. */
  orderProblem: string | null;
}

/** What was asked of the courier after a failed delivery attempt: one choice per attempt. */
export interface NdrRequestsTable {
  id: Generated<number>;
  shipmentId: number;
  attempt: number;
  action: "re-attempt" | "return";
  /** "YYYY-MM-DD", India. */
  deliverOn: string | null;
  address: string | null;
  phone: string | null;
  /** "buyer", or the administrator's label. */
  askedBy: string;
  status: "sending" | "sent";
  createdAt: number;
  sentAt: number | null;
}

/** How a finished parcel ended at its pincode, once per order: delivered, or back to the shop. */
export interface ParcelOutcomesTable {
  orderId: number;
  pincode: string;
  cod: number;
  outcome: "delivered" | "rto";
  finishedAt: number;
}

/** One status a courier reported for an AWB, recorded once per (AWB, status, time). */
export interface ShipmentEventsTable {
  id: Generated<number>;
  /** Null for news of an AWB the shop does not know. */
  shipmentId: number | null;
  awb: string;
  rawStatus: string;
  rawStatusId: number | null;
  /** The shipment state the status means; null when it moves nothing or is not known. */
  status: ShipmentsTable["status"] | null;
  /** 0 for a status the shop does not know (kept, and logged). */
  known: number;
  /** 1 when the event moved the shipment; late, repeated or backward news is kept with 0. */
  applied: number;
  happenedAt: number;
  receivedAt: number;
  location: string | null;
  activity: string | null;
}

/** An invitation to the staff (record 45): its code is made as its mail is sent; only the hash is kept. */
export interface StaffInvitationsTable {
  id: Generated<number>;
  email: string;
  emailKey: string;
  role: StaffRole;
  /** The Owner who invited; null when the shop itself did. */
  invitedBy: string | null;
  invitedByName: string;
  codeHash: string | null;
  expiresAt: number | null;
  sentAt: number | null;
  acceptedAt: number | null;
  acceptedUserId: string | null;
  revokedAt: number | null;
  createdAt: number;
}

/** One change made in the admin area (record 45); append-only, triggers refuse updates and deletes. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  /** The member of staff's account; null for the shop itself. */
  actorId: string | null;
  /** Who acted, as they were then ("owner:asha@kesar.in"). */
  actor: string;
  actorRole: string;
  /** What was done ("order.packed", "product.price", "staff.invited"…): core/audit.ts. */
  kind: string;
  /** What it was done to: an order, a product, an offer, a member of staff… */
  subjectType: string;
  subjectId: string;
  /** The subject as people know it: an order number, a product's title. */
  subjectLabel: string;
  /** JSON of the values before and after the change; null where there was none. */
  before: string | null;
  after: string | null;
  reason: string | null;
}

/** A note the staff wrote on an order, or on a customer (by the customer's e-mail key). */
export interface OrderNotesTable {
  id: Generated<number>;
  orderId: number;
  authorId: string | null;
  author: string;
  body: string;
  createdAt: number;
}

export interface CustomerNotesTable {
  id: Generated<number>;
  customerKey: string;
  authorId: string | null;
  author: string;
  body: string;
  createdAt: number;
}

/** A bulk action over orders: one job, a result per order (record 45). */
export interface OrderJobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON of what the action was given (a cancellation's reason). */
  params: Generated<string>;
  actorId: string | null;
  actor: string;
  /** The job whose failed orders this one tries again. */
  retryOf: number | null;
  createdAt: number;
  finishedAt: number | null;
}

export interface OrderJobResultsTable {
  jobId: number;
  position: number;
  orderId: number;
  orderNumber: string;
  outcome: Generated<"pending" | "done" | "failed">;
  message: string | null;
  at: number | null;
}

export interface Database {
  products: ProductsTable;
  searchSynonyms: SearchSynonymsTable;
  searchLog: SearchLogTable;
  productSizes: ProductSizesTable;
  stockMovements: StockMovementsTable;
  lowStockAlerts: LowStockAlertsTable;
  productImports: ProductImportsTable;
  pictureFetches: PictureFetchesTable;
  homeImages: HomeImagesTable;
  users: UsersTable;
  sessions: SessionsTable;
  limitHits: LimitHitsTable;
  cartLines: CartLinesTable;
  wishlistItems: WishlistItemsTable;
  orders: OrdersTable;
  orderLines: OrderLinesTable;
  orderStatusHistory: OrderStatusHistoryTable;
  pointsLedger: PointsLedgerTable;
  outbox: OutboxTable;
  actionCodes: ActionCodesTable;
  phoneChallenges: PhoneChallengesTable;
  messages: MessagesTable;
  messageReceipts: MessageReceiptsTable;
  whatsappConsents: WhatsappConsentsTable;
  messageLinks: MessageLinksTable;
  codConfirmations: CodConfirmationsTable;
  orderTaxLines: OrderTaxLinesTable;
  documentCounters: DocumentCountersTable;
  contentVersions: ContentVersionsTable;
  serviceablePincodes: ServiceablePincodesTable;
  deliveryHolidays: DeliveryHolidaysTable;
  orderDeliveryPromises: OrderDeliveryPromisesTable;
  paymentEvents: PaymentEventsTable;
  paymentRefunds: PaymentRefundsTable;
  orderPayments: OrderPaymentsTable;
  reviews: ReviewsTable;
  reviewPhotos: ReviewPhotosTable;
  reviewVotes: ReviewVotesTable;
  reviewInvitations: ReviewInvitationsTable;
  reviewMailOptOuts: ReviewMailOptOutsTable;
  sizeCharts: SizeChartsTable;
  customerMeasurements: CustomerMeasurementsTable;
  returns: ReturnsTable;
  returnCreditLines: ReturnCreditLinesTable;
  exchangeInvoiceLines: ExchangeInvoiceLinesTable;
  storeCreditLedger: StoreCreditLedgerTable;
  promotions: PromotionsTable;
  promotionCustomerUses: PromotionCustomerUsesTable;
  orderOffers: OrderOffersTable;
  orderLineOffers: OrderLineOffersTable;
  cartOfferCodes: CartOfferCodesTable;
  shipments: ShipmentsTable;
  productParcels: ProductParcelsTable;
  shipmentEvents: ShipmentEventsTable;
  ndrRequests: NdrRequestsTable;
  parcelOutcomes: ParcelOutcomesTable;
  staffInvitations: StaffInvitationsTable;
  auditLog: AuditLogTable;
  orderNotes: OrderNotesTable;
  customerNotes: CustomerNotesTable;
  orderJobs: OrderJobsTable;
  orderJobResults: OrderJobResultsTable;
  productTranslations: ProductTranslationsTable;
}

/** A product's field in another language, with the English it was translated from (record 47). */
export interface ProductTranslationsTable {
  productId: number;
  locale: string;
  field: string;
  value: string;
  /** The English text when this was written: when the English differs now, the translation is stale. */
  sourceText: string;
  updatedAt: number;
}

/**
 * An offer: a coupon code or an automatic offer (record 31); `action` and `scope` are JSON of
 * core/offers.ts. The table and its columns keep the name of their migration (0023), "promotion":
 * migrations are frozen (record 42).
 */
export interface PromotionsTable {
  id: Generated<number>;
  name: string;
  /** The code in upper case, unique; null for an automatic offer. */
  codeKey: string | null;
  kind: "code" | "automatic";
  action: string;
  scope: string;
  minSubtotal: number | null;
  firstOrderOnly: number;
  signedInOnly: number;
  startsAt: number;
  endsAt: number | null;
  totalLimit: number | null;
  perCustomerLimit: number | null;
  combinesWithCode: number;
  /** Orders holding a use of it (a cancellation before dispatch gives its use back). */
  uses: Generated<number>;
  disabledAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A customer's uses of an offer; the customer is a hash of the normalised e-mail. */
export interface PromotionCustomerUsesTable {
  promotionId: number;
  customerKey: string;
  uses: number;
}

/** What an order got from an offer, as it was when the order was placed. */
export interface OrderOffersTable {
  orderId: number;
  promotionId: number;
  /** The order they were applied in: the automatic offer, then the code. */
  position: number;
  name: string;
  kind: "code" | "automatic";
  description: string;
  goodsDiscount: number;
  shippingDiscount: number;
  customerKey: string;
  /** When the use went back (the order was cancelled before dispatch); null while it is held. */
  releasedAt: number | null;
}

/** The offers' share of an order line, paise (lines without one have no row). */
export interface OrderLineOffersTable {
  orderId: number;
  position: number;
  discount: number;
}

/** The offer code a cart keeps, by the cart's owner ("user:…" or "guest:…"). */
export interface CartOfferCodesTable {
  owner: string;
  code: string;
  appliedAt: number;
}

import type { RefundMethod, ReturnKind, ReturnStatus } from "#core/returns.ts";

export type { RefundMethod, ReturnKind, ReturnStatus };

/** A return or size exchange of some pieces of one order line (record 30). */
export interface ReturnsTable {
  id: Generated<number>;
  orderId: number;
  position: number;
  quantity: number;
  kind: ReturnKind;
  reason: string;
  note: Generated<string>;
  photo: string | null;
  exchangeSize: string | null;
  refundMethod: RefundMethod | null;
  upiId: string | null;
  status: ReturnStatus;
  /** 1 while the request is under way: a line has one open request at most. */
  open: Generated<number>;
  rejectReason: string | null;
  /** The returned pieces' share of what was paid, paise, rounded to a whole rupee: the credit note's total and the refund. */
  amount: number;
  /** Paise added to the pieces' share to make `amount` (the credit note's round off); 0 for older returns. */
  roundOff: Generated<number>;
  /** 1 when the courier does no pickup at the pincode and the shopper sends the parcel. */
  selfShip: Generated<number>;
  creditNoteNumber: string | null;
  creditNoteDate: number | null;
  /** An accepted exchange's replacement piece: its tax invoice, in the ordinary invoice series. */
  exchangeInvoiceNumber: string | null;
  exchangeInvoiceDate: number | null;
  /** Paise of the refund given back as store credit because the order was paid with it (refunded first). */
  storeCreditBack: Generated<number>;
  /** An exchange's replacement on its way: who carries it, its tracking number, the day expected, when it left. */
  courier: string | null;
  trackingNumber: string | null;
  expectedDeliveryAt: number | null;
  shippedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The rows of a return's credit note (and, of the same shape, of an exchange's replacement invoice). */
export interface ReturnCreditLinesTable extends TaxLineColumns {
  returnId: number;
}

/** The tax rows of an exchange's replacement invoice: the returned piece's value again, for the new size. */
export type ExchangeInvoiceLinesTable = ReturnCreditLinesTable;

export type StoreCreditKind = "return-refund" | "spent" | "spending-returned";

/** One movement of a customer's store credit, with its cause. */
export interface StoreCreditLedgerTable {
  id: Generated<number>;
  userId: string;
  kind: StoreCreditKind;
  amount: number;
  orderId: number | null;
  returnId: number | null;
  at: number;
}

export type ReviewStatus = "pending" | "held" | "approved" | "rejected";
export type ReviewFit = "small" | "true" | "large";

/** A verified buyer's review of a product (one per product per customer); see server/reviews. */
export interface ReviewsTable {
  id: Generated<number>;
  productId: number;
  userId: string;
  orderId: number;
  rating: number;
  title: string;
  body: string;
  sizeBought: string;
  fit: ReviewFit;
  status: ReviewStatus;
  heldFor: string | null;
  rejectReason: string | null;
  authorName: string;
  authorCity: string;
  helpfulCount: Generated<number>;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
}

export interface ReviewPhotosTable {
  reviewId: number;
  position: number;
  image: string;
}

export interface ReviewVotesTable {
  reviewId: number;
  voter: string;
  at: number;
}

/** The one invitation to review an order's pieces, and the hash of its unsubscribe token. */
export interface ReviewInvitationsTable {
  orderId: number;
  emailKey: string;
  tokenHash: string;
  queuedAt: number;
}

export interface ReviewMailOptOutsTable {
  emailKey: string;
  at: number;
}

/** A size chart (JSON of core/size-charts.ts SizeChart, in millimetres) for a collection or a product. */
export interface SizeChartsTable {
  id: Generated<number>;
  collection: string | null;
  productId: number | null;
  chart: string;
  isExample: Generated<number>;
  updatedAt: number;
}

export interface CustomerMeasurementsTable {
  userId: string;
  heightMm: number | null;
  weightG: number | null;
  chestMm: number | null;
  waistMm: number | null;
  footMm: number | null;
  updatedAt: number;
}

/** Counters that go up when shared content changes; see server/catalog/catalog-version.ts. */
export interface ContentVersionsTable {
  name: string;
  version: number;
}

export type UserRow = Selectable<UsersTable>;

export type Db = Kysely<Database>;
/** A query executor: the database or an open transaction. Repositories accept either. */
export type Executor = Kysely<Database> | Transaction<Database>;

export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type ProductSizeRow = Selectable<ProductSizesTable>;
