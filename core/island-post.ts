/**
 * The header an HTML-first page's island sends a form with (decision record 48): the shop answers
 * it as the same form posted without JavaScript (a redirect, the toast queued), and the island then
 * asks for the shopper's parts of the frame.
 */
export const ISLAND_POST_HEADER = "X-Island-Post";
