/*
 * The pieces an admin list's GET form is made of (orders, customers, products, the audit log): its
 * search box and its labelled filters. The address holds what they say, so a filtered list is a link.
 */

type Choices = readonly (readonly [value: string, label: string])[];
type Query = Readonly<Record<string, string | number | undefined>>;

/** The search box of a list: a label for screen readers and the field the list reads as `q`. */
export function SearchBox(props: { id: string; label: string; placeholder: string; value: string | undefined }) {
  return (
    <>
      <label htmlFor={props.id} className="sr-only">
        {props.label}
      </label>
      <input
        id={props.id}
        name="q"
        type="search"
        defaultValue={props.value ?? ""}
        placeholder={props.placeholder}
        className="field"
      />
    </>
  );
}

/** A search box with its button, as the whole of a list's search. */
export function SearchRow(props: Parameters<typeof SearchBox>[0]) {
  return (
    <>
      <SearchBox {...props} />
      <button type="submit" className="btn-outline">
        Search
      </button>
    </>
  );
}

/** A labelled choice of a list's filter; "Any" (the empty value) comes first unless the choices name it. */
export function FilterSelect(props: {
  /** The form's prefix of its fields' ids ("filter" makes "filter-state"). */
  form: string;
  name: string;
  label: string;
  /** The list's query as read from its address: the field shows its value under `name`. */
  query: Query;
  options: Choices;
  /** Shows the label above the field (a filter panel) or only to screen readers (a row of fields). */
  showLabel?: boolean;
}) {
  const id = `${props.form}-${props.name}`;
  const anyListed = props.options.some(([value]) => value === "");
  const select = (
    <select
      id={id}
      name={props.name}
      defaultValue={String(props.query[props.name] ?? "")}
      className="field"
      aria-label={props.showLabel === false ? props.label : undefined}
    >
      {anyListed ? null : <option value="">Any</option>}
      {props.options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
  if (props.showLabel === false) return select;
  return (
    <div>
      <label htmlFor={id} className="label">
        {props.label}
      </label>
      {select}
    </div>
  );
}

/** A labelled text, date or number field of a list's filter panel. */
export function FilterField(props: {
  form: string;
  name: string;
  label: string;
  query: Query;
  type?: string;
  inputMode?: "numeric";
  placeholder?: string;
}) {
  const id = `${props.form}-${props.name}`;
  return (
    <div>
      <label htmlFor={id} className="label">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        defaultValue={String(props.query[props.name] ?? "")}
        placeholder={props.placeholder}
        className="field"
      />
    </div>
  );
}
