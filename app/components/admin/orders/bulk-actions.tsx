import { SHOP_CANCEL_REASONS } from "#core/cancel-reasons.ts";
import {
  BULK_ACTION_LABELS,
  type BulkAction,
  type OrderTab,
  PAPER_ACTIONS,
  type PaperAction,
} from "#core/order-tabs.ts";

type May = { manage: boolean; pack: boolean; book: boolean; export: boolean };

/** The tabs whose orders are still to leave: where booking and parcel paper are offered. */
const LEAVING: readonly OrderTab[] = ["to-pack", "to-ship", "all"];

/** Which bulk actions a tab offers, of those the member's role may take. */
function actionsFor(tab: OrderTab, may: May): BulkAction[] {
  const actions: BulkAction[] = [];
  if (may.manage && (tab === "to-confirm" || tab === "all")) actions.push("confirm");
  if (may.pack && ["to-pack", "all"].includes(tab)) actions.push("pack");
  if (may.book && LEAVING.includes(tab)) actions.push("book");
  if (may.pack && ["to-ship", "all"].includes(tab)) actions.push("ship");
  return actions;
}

/** What each print button says, after the group's "Print": short enough for a phone's row. */
const PRINT_LABELS: Record<PaperAction, string> = {
  labels: "Labels",
  "parcel-papers": "Labels and slips",
  "pick-list": "Pick list",
};

/** Labels, labels with packing slips, the pick list: one PDF each of the orders ticked. */
function PrintActions({ tab, may }: { tab: OrderTab; may: May }) {
  if (!may.pack || !LEAVING.includes(tab)) return null;
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Print</legend>
      <span aria-hidden="true" className="text-sm font-medium">
        Print:
      </span>
      {PAPER_ACTIONS.map((action) => (
        <button
          key={action}
          type="submit"
          name="action"
          value={action}
          title={BULK_ACTION_LABELS[action]}
          className="btn-outline px-3 py-1.5"
        >
          {PRINT_LABELS[action]}
        </button>
      ))}
    </fieldset>
  );
}

const REASONS = Object.entries(SHOP_CANCEL_REASONS);

/**
 * The bulk actions on the rows ticked: a plain form (it works before JavaScript loads), each button
 * one action run as a job; cancelling asks its reason; the export downloads the ticked orders.
 */
export function BulkActions({ id, tab, may }: { id: string; tab: OrderTab; may: May }) {
  const cancels = may.manage && !["delivered", "cancelled", "in-transit", "delivery-failed", "returns"].includes(tab);
  return (
    <form
      id={id}
      method="post"
      action={`/admin/orders?tab=${tab}`}
      className="mt-4 flex flex-wrap items-end gap-2 rounded-md bg-zinc-50 p-3 dark:bg-zinc-900"
      aria-label="Bulk actions on the orders ticked"
    >
      <p className="w-full text-xs text-zinc-600 dark:text-zinc-400">Tick orders below, then:</p>
      {actionsFor(tab, may).map((action) => (
        <button key={action} type="submit" name="action" value={action} className="btn-primary px-3 py-1.5">
          {BULK_ACTION_LABELS[action]}
        </button>
      ))}
      <PrintActions tab={tab} may={may} />
      {cancels ? (
        <span className="flex items-end gap-2">
          <label className="sr-only" htmlFor="bulk-reason">
            Reason for cancelling
          </label>
          <select id="bulk-reason" name="reason" defaultValue="" className="field max-w-56 py-1.5">
            <option value="">Reason for cancelling…</option>
            {REASONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <button type="submit" name="action" value="cancel" className="btn-outline px-3 py-1.5">
            {BULK_ACTION_LABELS.cancel}
          </button>
        </span>
      ) : null}
      {may.export ? (
        <button type="submit" formMethod="get" formAction="/admin/orders.csv" className="btn-outline px-3 py-1.5">
          Export CSV
        </button>
      ) : null}
    </form>
  );
}
