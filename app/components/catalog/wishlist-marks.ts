/** The heart's marks when the product is saved: toggled by the product's island with the state. */
export const SAVED_HEART = "fill-current text-red-600 dark:text-red-400";
