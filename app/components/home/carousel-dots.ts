/** The dot of the slide shown, and of the others: rendered by the page, swapped by the carousel island. */
export const DOT_SHOWN = "w-8 bg-gold-400";
export const DOT_RESTING = "w-2.5 bg-white/60 group-hover:bg-white";
