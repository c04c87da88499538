import { carousel } from "./carousel.island.ts";
import { deliveryCheck } from "./delivery-check.island.ts";
import { devanagariFont } from "./devanagari-font.island.ts";
import { filterPanel } from "./filter-panel.island.ts";
import { gallery } from "./gallery.island.ts";
import { mobileMenu } from "./mobile-menu.island.ts";
import { phoneSearch } from "./phone-search.island.ts";
import { productActions } from "./product-actions.island.ts";
import { quickAdd } from "./quick-add.island.ts";
import { reviews } from "./reviews.island.ts";
import { searchBox } from "./search-box.island.ts";
import { sideScroll } from "./side-scroll.island.ts";
import { sizeGuide } from "./size-guide.island.ts";
import { themeToggle } from "./theme-toggle.island.ts";
import { queuedToast, toaster } from "./toaster.island.ts";

export type Island = (element: HTMLElement) => void | Promise<void>;

/** Every island by the name its element gives in `data-island`. */
export const ISLANDS: Record<string, Island> = {
  toaster,
  "queued-toast": queuedToast,
  "theme-toggle": themeToggle,
  "search-box": searchBox,
  "phone-search": phoneSearch,
  "mobile-menu": mobileMenu,
  carousel,
  "filter-panel": filterPanel,
  "quick-add": quickAdd,
  gallery,
  "product-actions": productActions,
  "size-guide": sizeGuide,
  "side-scroll": sideScroll,
  "delivery-check": deliveryCheck,
  reviews,
  "devanagari-font": devanagariFont,
};
