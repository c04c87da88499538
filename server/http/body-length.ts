/**
 * The body length each page request declared. A Fetch Request drops the Content-Length header, so
 * the host notes it here for the pages' form reader to refuse an oversized body before reading any.
 */
export const declaredBodyLength = new WeakMap<Request, number>();
