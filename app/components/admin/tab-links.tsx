import type { ReactNode } from "react";
import { Link } from "react-router";

/** One view of an admin page: where it is, whether it is the one shown, and its words. */
export type TabLink = { key: string; to: string; current: boolean; label: ReactNode };

/**
 * The views of an admin page as a row of links (a queue's steps, a chart's collections), the one
 * shown marked as the current page.
 */
export function TabLinks({ label, tabs }: { label: string; tabs: readonly TabLink[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              className={tab.current ? "btn-primary px-3 py-1.5" : "btn-outline px-3 py-1.5"}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
