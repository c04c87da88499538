/**
 * The visitor mark: a cookie that the page's own scripts can read, on a browser that carries
 * something of its own here (a session, a guest's cart or wishlist, a remembered pincode), whose
 * cookies are HttpOnly and so out of the scripts' sight. A page from the shared cache was rendered
 * for a stranger; it asks for the shopper's own header and delivery answer only when the mark is
 * there, so a first visit sends no request after its page (decision record 18, §22). A mark left
 * behind (signed out, cart emptied) costs one request that answers as for a stranger.
 */
export const VISITOR_MARK = "known";
