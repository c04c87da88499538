/*
 * The pieces an admin list's GET form is made of (orders, customers, products, the audit log): its
 * search box and its labelled filters. The address holds what they say, so a filtered list is a link.
 */

type Choices = readonly (readonly [value: string, label: string])[];

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
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: Choices;
  /** Shows the label above the field (a filter panel) or only to screen readers (a row of fields). */
  showLabel?: boolean;
}) {
  const anyListed = props.options.some(([value]) => value === "");
  const select = (
    <select
      id={props.id}
      name={props.name}
      defaultValue={props.value ?? ""}
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
      <label htmlFor={props.id} className="label">
        {props.label}
      </label>
      {select}
    </div>
  );
}

/** A labelled text, date or number field of a list's filter panel. */
export function FilterField(props: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  type?: string;
  inputMode?: "numeric";
  placeholder?: string;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="label">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        defaultValue={props.value ?? ""}
        placeholder={props.placeholder}
        className="field"
      />
    </div>
  );
}
