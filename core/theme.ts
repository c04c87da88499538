/**
 * The display mode: the visitor's choice, or "system" (the device's setting) until they make one.
 * Only light and dark are ever chosen; "system" is what a first visit gets.
 */
export type Theme = "light" | "dark" | "system";

/** The class on <html> that the stylesheet's dark variant reads. */
export function themeClass(theme: Theme): string | undefined {
  return theme === "light" ? undefined : theme;
}
