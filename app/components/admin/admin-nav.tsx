import { Form } from "react-router";

/** Searches the section shown; the search lives in the URL like the section and the page. */
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
