/** A review carries at most this many photos. */
export const MAX_REVIEW_PHOTOS = 3;
