/** Said by an island that has put new parts of the page in place (results, the shopper's header). */
export const NEW_PARTS = "islands:new-parts";

/** Asks for the islands among the new parts to be started (app/islands/islands.ts listens). */
export function announceNewParts(): void {
  document.dispatchEvent(new Event(NEW_PARTS));
}
