import { Form } from "react-router";

const PLACEHOLDERS: Record<string, string> = {
  orders: "Order number, name, e-mail, city or pincode…",
  products: "Title, type, category or fabric…",
  users: "Name or e-mail…",
};

/** Searches the section shown; the search lives in the URL like the section, its status and the page. */
export function AdminSearch({ tab, q, status }: { tab: string; q: string; status?: string | undefined }) {
  return (
    <Form method="get" action="/dashboard" role="search" className="mt-4 flex max-w-md gap-2" key={`${tab}-${q}`}>
      <input type="hidden" name="tab" value={tab} />
      {status ? <input type="hidden" name="status" value={status} /> : null}
      <label htmlFor="admin-search" className="sr-only">
        Search {tab}
      </label>
      <input
        id="admin-search"
        name="q"
        type="search"
        defaultValue={q}
        placeholder={PLACEHOLDERS[tab] ?? `Search ${tab}…`}
        className="field"
      />
      <button type="submit" className="btn-outline">
        Search
      </button>
    </Form>
  );
}
