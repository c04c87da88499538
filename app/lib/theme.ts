/** The display mode: light or dark. */
export type Theme = "light" | "dark";
