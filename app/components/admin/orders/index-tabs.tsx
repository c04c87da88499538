import { Link } from "react-router";
import { ORDER_TAB_HINTS, ORDER_TAB_LABELS, type OrderTab, tabCountText } from "#core/order-tabs.ts";

/** The index's tabs as links, each with its count; the tab lives in the address with the search and filters. */
export function IndexTabs(props: {
  tabs: { tab: OrderTab; count: number }[];
  current: OrderTab;
  hrefFor: (tab: OrderTab) => string;
}) {
  return (
    <nav aria-label="Order tabs" className="mt-4 overflow-x-auto">
      <ul className="flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {props.tabs.map(({ tab, count }) => {
          const active = tab === props.current;
          return (
            <li key={tab}>
              <Link
                to={props.hrefFor(tab)}
                title={ORDER_TAB_HINTS[tab]}
                aria-current={active ? "page" : undefined}
                data-testid={`tab-${tab}`}
                className={`-mb-px inline-flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  active
                    ? "border-gold-600 text-zinc-950 dark:border-gold-400 dark:text-zinc-50"
                    : "border-transparent text-zinc-600 hover:text-zinc-950 dark:text-zinc-400 dark:hover:text-zinc-50"
                }`}
              >
                {ORDER_TAB_LABELS[tab]}
                <span className="rounded-full bg-zinc-100 px-1.5 text-xs tabular-nums text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
                  {tabCountText(count)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
