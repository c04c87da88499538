import { Form, Link } from "react-router";

const TABS = [
  { id: "products", label: "Products" },
  { id: "orders", label: "Orders" },
  { id: "users", label: "Users" },
] as const;

/** The three tabs; the chosen one lives in the URL so that a reload or a shared link keeps it. */
export function AdminTabs({ current }: { current: string }) {
  return (
    <nav aria-label="Dashboard sections" className="mt-8 flex gap-2 border-b border-zinc-200 dark:border-zinc-800">
      {TABS.map((tab) => (
        <Link
          key={tab.id}
          to={`/dashboard?tab=${tab.id}`}
          aria-current={tab.id === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
            tab.id === current
              ? "border-gold-400 text-zinc-900 dark:text-white"
              : "border-transparent text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200"
          }`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

export function AdminSearch({ tab, q }: { tab: string; q: string }) {
  return (
    <Form method="get" action="/dashboard" role="search" className="mt-4 flex max-w-md gap-2" key={`${tab}-${q}`}>
      <input type="hidden" name="tab" value={tab} />
      <label htmlFor="admin-search" className="sr-only">
        Search {tab}
      </label>
      <input
        id="admin-search"
        name="q"
        type="search"
        defaultValue={q}
        placeholder={`Search ${tab}…`}
        className="field"
      />
      <button type="submit" className="btn-outline">
        Search
      </button>
    </Form>
  );
}
