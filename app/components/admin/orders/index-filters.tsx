import { Form } from "react-router";
import type { OrderTab } from "#core/order-tabs.ts";
import { FilterField, FilterSelect, SearchRow } from "../list-controls.tsx";

const PAYMENTS = [
  ["prepaid", "Prepaid"],
  ["cash", "Cash on delivery"],
] as const;

type Query = {
  q?: string | undefined;
  payment?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  state?: string | undefined;
  pincode?: string | undefined;
  courier?: string | undefined;
};

/**
 * The search and the filters, as a plain GET form (the address holds them, so a filtered view is a
 * link to keep): the tab stays, the page starts again.
 */
export function IndexFilters(props: { tab: OrderTab; query: Query; states: { value: string; label: string }[] }) {
  const { query } = props;
  const filtered = Boolean(query.payment || query.from || query.to || query.state || query.pincode || query.courier);
  return (
    <Form
      method="get"
      action="/admin/orders"
      role="search"
      className="mt-4 flex flex-col gap-3"
      key={JSON.stringify(query)}
    >
      <input type="hidden" name="tab" value={props.tab} />
      <div className="flex max-w-xl gap-2">
        <SearchRow
          id="order-search"
          label="Search orders"
          placeholder="Order number, name, e-mail, mobile or AWB…"
          value={query.q}
        />
      </div>
      <details open={filtered} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
        <summary className="cursor-pointer text-sm font-medium">Filters</summary>
        <FilterFields tab={props.tab} query={query} states={props.states} />
      </details>
    </Form>
  );
}

function FilterFields({
  tab,
  query,
  states,
}: {
  tab: OrderTab;
  query: Query;
  states: { value: string; label: string }[];
}) {
  const stateChoices = states.map((state) => [state.value, state.label] as const);
  return (
    <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <FilterSelect form="filter" name="payment" label="Payment" query={query} options={PAYMENTS} />
      <FilterField form="filter" name="from" label="From" type="date" query={query} />
      <FilterField form="filter" name="to" label="To" type="date" query={query} />
      <FilterSelect form="filter" name="state" label="State" query={query} options={stateChoices} />
      <FilterField form="filter" name="pincode" label="Pincode" query={query} inputMode="numeric" />
      <FilterField form="filter" name="courier" label="Courier" query={query} />
      <div className="col-span-2 flex gap-2 sm:col-span-3 lg:col-span-6">
        <button type="submit" className="btn-primary">
          Apply filters
        </button>
        <a href={`/admin/orders?tab=${tab}`} className="btn-outline">
          Clear
        </a>
      </div>
    </div>
  );
}
