/** How the size note says a size is low, and that a size is needed: rendered by the page, written by its island. */
export const LOW_STOCK_CLASS = "font-medium text-amber-700 dark:text-amber-400";
export const SIZE_NEEDED_CLASS = "text-red-600 dark:text-red-400";
