import { messages as hindi } from "./hi-IN.ts";
import { provideCatalogue } from "./i18n.ts";

// The server renders every language: all catalogues are there from the start.
provideCatalogue("hi-IN", hindi);
