import { Form } from "react-router";
import type { OrderTab } from "#core/order-tabs.ts";

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
        <label htmlFor="order-search" className="sr-only">
          Search orders
        </label>
        <input
          id="order-search"
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          placeholder="Order number, name, e-mail, mobile or AWB…"
          className="field"
        />
        <button type="submit" className="btn-outline">
          Search
        </button>
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
  return (
    <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <Select
        name="payment"
        label="Payment"
        value={query.payment}
        options={[
          { value: "prepaid", label: "Prepaid" },
          { value: "cash", label: "Cash on delivery" },
        ]}
      />
      <Field name="from" label="From" type="date" value={query.from} />
      <Field name="to" label="To" type="date" value={query.to} />
      <Select name="state" label="State" value={query.state} options={states} />
      <Field name="pincode" label="Pincode" value={query.pincode} inputMode="numeric" />
      <Field name="courier" label="Courier" value={query.courier} />
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

function Field(props: {
  name: string;
  label: string;
  value: string | undefined;
  type?: string;
  inputMode?: "numeric";
}) {
  return (
    <div>
      <label htmlFor={`filter-${props.name}`} className="label">
        {props.label}
      </label>
      <input
        id={`filter-${props.name}`}
        name={props.name}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        defaultValue={props.value ?? ""}
        className="field"
      />
    </div>
  );
}

function Select(props: {
  name: string;
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={`filter-${props.name}`} className="label">
        {props.label}
      </label>
      <select id={`filter-${props.name}`} name={props.name} defaultValue={props.value ?? ""} className="field">
        <option value="">Any</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
