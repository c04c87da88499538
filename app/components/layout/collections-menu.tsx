import { BarPopover } from "./bar-popover.tsx";
import { CollectionLinks } from "./collection-name.tsx";

/**
 * The ten collections under one button in the top bar, from 768 px up, on every page (below that
 * the phone's menu lists them). A native popover, so it opens before JavaScript has loaded: Tab
 * walks from the button into its links, Escape and a click elsewhere close it, and any navigation
 * closes it too.
 */
export function CollectionsMenu() {
  return (
    <BarPopover
      className="hidden md:block"
      buttonClassName="flex h-10 items-center gap-1 rounded-full px-2 text-sm font-medium whitespace-nowrap hover:bg-zinc-100 dark:hover:bg-zinc-800"
      label="Collections"
      // Lined up with the bar's content, which is centred and at most 80rem wide.
      panelClassName="fixed inset-auto top-16 left-[max(1rem,calc((100vw-80rem)/2+1rem))] m-0 w-md rounded-lg border border-zinc-200 bg-white p-3 text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <nav aria-label="Collections">
        <CollectionLinks
          listClassName="grid grid-cols-2 gap-1"
          linkClassName="block rounded-md px-3 py-2 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
        />
      </nav>
    </BarPopover>
  );
}
