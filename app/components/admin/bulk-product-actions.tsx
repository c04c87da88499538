import { COLLECTION_FLAGS, FLAG_LABELS } from "#core/collections.ts";

/**
 * What to do with the chosen products. The collection and the percent and reason are read only by
 * the actions that need them; "Export" downloads the chosen products' file.
 */
export function BulkProductActions() {
  return (
    <fieldset className="card mt-4 grid gap-2 p-3 sm:grid-cols-2 lg:grid-cols-[auto_1fr_auto_1fr_auto]">
      <legend className="px-1 text-sm font-semibold">With the chosen products</legend>
      <select name="action" className="field" aria-label="Action" defaultValue="publish">
        <option value="publish">Put on sale</option>
        <option value="hide">Hide</option>
        <option value="add-collection">Add to collection</option>
        <option value="remove-collection">Take out of collection</option>
        <option value="price">Change price by percent</option>
      </select>
      <select name="collection" className="field" aria-label="Collection for the action" defaultValue="">
        <option value="">Collection (to add or take out)</option>
        {COLLECTION_FLAGS.map((flag) => (
          <option key={flag} value={flag}>
            {FLAG_LABELS[flag]}
          </option>
        ))}
      </select>
      <input name="percent" inputMode="decimal" placeholder="% (-10 or 5)" className="field" aria-label="Percent" />
      <input
        name="reason"
        placeholder="Why the prices change"
        className="field"
        aria-label="Reason for a price change"
      />
      <div className="flex gap-2">
        <button type="submit" className="btn-gold">
          Apply
        </button>
        <button type="submit" formMethod="get" formAction="/admin/products.csv" className="btn-outline">
          Export
        </button>
      </div>
    </fieldset>
  );
}
