import { z } from "zod";

export const ADMIN_TABS = ["products", "orders", "users"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const ADMIN_PAGE_SIZE = 20;

/** The dashboard's URL state: which tab, what to search for, which page. Forgiving, like the listings. */
export const dashboardQuerySchema = z.object({
  tab: z.enum(ADMIN_TABS).catch("products"),
  q: z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, 100) || undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

export type DashboardFigures = {
  totalProducts: number;
  totalOrders: number;
  totalUsers: number;
  /** Paise, from orders that are not cancelled. */
  revenue: number;
  ordersToShip: number;
};
