import { z } from "zod";
import type { Role } from "#core/actor.ts";
import { ORDER_STATUSES } from "#core/order-status.ts";
import type { ConfirmationState } from "../cod-confirmation/cod-confirmation.service.ts";
import type { OrderStatus } from "../db/schema.ts";
import type { EwayBillStatus } from "../invoices/eway-bills.ts";
import { pageNumber } from "../validation/fields.ts";

export const ADMIN_TABS = ["overview", "products", "orders", "users", "emails"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const ADMIN_PAGE_SIZE = 20;

/** The dashboard's URL state: which tab, what to search for, which page. Forgiving, like the listings. */
export const dashboardQuerySchema = z.object({
  tab: z.enum(ADMIN_TABS).catch("overview"),
  q: z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, 100) || undefined),
  page: z
    .string()
    .optional()
    .transform((value) => pageNumber(value)),
  /** The Orders tab's status tab (To ship, Shipped, Delivered, Cancelled); none for all orders. */
  status: z
    .enum(ORDER_STATUSES as [OrderStatus, ...OrderStatus[]])
    .optional()
    .catch(undefined),
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

export type DashboardFigures = {
  totalProducts: number;
  totalOrders: number;
  totalUsers: number;
  /** Paise the shop holds from its buyers (record 32): `received` less `refunded`. */
  revenue: number;
  /** Paise received: online payments, and cash the couriers remitted. */
  received: number;
  /** Paise of cash on delivery collected at the door that the couriers have not remitted yet. */
  codWithCouriers: number;
  /** Paise gone back to buyers: refunds completed through the gateway or to a UPI ID. */
  refunded: number;
  /** Paise, the value of orders not cancelled nor returned to origin, whether paid yet or not. */
  booked: number;
  ordersToShip: number;
};

/** A product in the dashboard's Products tab. */
export type AdminProductRow = {
  id: number;
  title: string;
  price: number;
  imageMain: string;
  category: string;
  createdAt: number;
};

/** An order in the dashboard's Orders tab, with its first line. */
export type AdminOrderRow = {
  id: number;
  orderNumber: string;
  /** The gateway's id of the payment that paid an online order; null for cash and unpaid orders. */
  paymentId: string | null;
  status: OrderStatus;
  total: number;
  itemCount: number;
  name: string;
  address: string;
  /** '' for orders placed before addresses had a city. */
  city: string;
  pincode: string;
  phone: string;
  /** The e-mail the order was placed with; null for an account made by phone, which has none yet. */
  email: string | null;
  createdAt: number;
  title: string | null;
  image: string | null;
  category: string | null;
  ewayBill: EwayBillStatus;
  /** How it is paid and where its money stands, in words ("Online · Awaiting payment"). */
  payment: string;
  /** A large cash order's wait for its buyer's confirmation ("overdue" after 48 hours); null when none was asked. */
  buyerConfirmation: ConfirmationState | null;
};

/** A user in the dashboard's Users tab. */
export type AdminUserRow = {
  id: string;
  name: string;
  /** null for an account made by phone, which has no e-mail yet (its placeholder is never shown). */
  email: string | null;
  /** The number the account signs in with ("+91…"), verified by a code; null when none. */
  mobile: string | null;
  role: Role;
  /** Points the customer can spend now. */
  pointsBalance: number;
  /** Points earned on orders on their way, spendable once each is delivered. */
  pointsPending: number;
  disabled: boolean;
  createdAt: number;
};

/** One page of a dashboard tab. */
export type AdminPage<Row> = { rows: Row[]; page: number; hasNext: boolean; firstNumber: number };

/** What the administrator's live feed says when an order is placed or moves on. */
export type OrderEvent = {
  /** The history entry's number: the feed resumes after the last one a page received. */
  id: number;
  orderId: number;
  orderNumber: string;
  name: string;
  /** Paise. */
  total: number;
  itemCount: number;
  from: OrderStatus | null;
  to: OrderStatus;
  at: number;
};

/** One day of the sales chart, in India's time. */
export type SalesDay = {
  /** The day's date, YYYY-MM-DD. */
  date: string;
  /** Orders placed that day, cancelled ones included. */
  orders: number;
  /** Paise paid by the buyers of that day's orders, online or in cash at the door, not refunded. */
  revenue: number;
};

/** A size of a product on sale with few pieces left. */
export type LowStockRow = { productId: number; title: string; size: string; stock: number };

export const SALES_CHART_DAYS = 30;
