import { Form } from "react-router";
import { STOCK_REASON_LABELS, type StockLevel, type StockReasonName } from "#core/stock.ts";

type Size = {
  size: string;
  stock: number;
  sku: string;
  barcode: string | null;
  reorderPoint: number | null;
  level: StockLevel;
};

const LEVEL_TEXT: Record<StockLevel, string> = { out: "Out of stock", low: "Low", in: "In stock" };
const LEVEL_CLASS: Record<StockLevel, string> = {
  out: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  low: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  in: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
};

/** One size: its codes to edit, its stock and level, and the form that moves its stock. */
export function SizeStockCard({ size }: { size: Size }) {
  return (
    <section className="card p-4" aria-labelledby={`size-${size.size}`} data-testid="size-stock">
      <h2
        id={`size-${size.size}`}
        className="flex flex-wrap items-baseline justify-between gap-2 text-lg font-semibold"
      >
        <span>Size {size.size}</span>
        <span className="flex items-center gap-2 text-base">
          {size.stock} pcs
          <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${LEVEL_CLASS[size.level]}`}>
            {LEVEL_TEXT[size.level]}
          </span>
        </span>
      </h2>
      <CodesForm size={size} />
      <AdjustForm size={size.size} />
    </section>
  );
}

function CodesForm({ size }: { size: Size }) {
  return (
    <Form method="post" className="mt-3 grid gap-2 sm:grid-cols-[2fr_2fr_1fr_auto]">
      <input type="hidden" name="intent" value="codes" />
      <input type="hidden" name="size" value={size.size} />
      <label className="grid gap-1 text-xs font-medium">
        SKU
        <input name="sku" defaultValue={size.sku} className="field" required maxLength={40} />
      </label>
      <label className="grid gap-1 text-xs font-medium">
        Barcode (EAN-13 or Code 128)
        <input name="barcode" defaultValue={size.barcode ?? ""} className="field" maxLength={48} />
      </label>
      <label className="grid gap-1 text-xs font-medium">
        Reorder point
        <input
          name="reorderPoint"
          defaultValue={size.reorderPoint ?? ""}
          inputMode="numeric"
          className="field"
          placeholder="5"
        />
      </label>
      <button type="submit" className="btn-outline self-end">
        Save codes
      </button>
    </Form>
  );
}

function AdjustForm({ size }: { size: string }) {
  return (
    <Form method="post" className="mt-3 grid gap-2 sm:grid-cols-[1fr_1fr_2fr_auto]">
      <input type="hidden" name="intent" value="adjust" />
      <input type="hidden" name="size" value={size} />
      <label className="grid gap-1 text-xs font-medium">
        Change
        <select name="kind" className="field" defaultValue="received">
          <option value="received">Received (+)</option>
          <option value="correction">Correction (±)</option>
          <option value="count">Count (on the shelf)</option>
        </select>
      </label>
      <label className="grid gap-1 text-xs font-medium">
        Pieces
        <input name="quantity" inputMode="numeric" className="field" required />
      </label>
      <label className="grid gap-1 text-xs font-medium">
        Reason (a correction needs one)
        <input name="note" className="field" maxLength={200} />
      </label>
      <button type="submit" className="btn-gold self-end">
        Record
      </button>
    </Form>
  );
}

type Movement = {
  id: number;
  size: string;
  reason: StockReasonName;
  quantity: number;
  stockAfter: number;
  note: string | null;
  byName: string;
  orderId: number | null;
  createdAt: number;
};

/** Each size's movements, newest first: what moved, why, by whom, and the stock after. */
export function MovementsTable({ movements }: { movements: readonly Movement[] }) {
  return (
    <table className="w-full min-w-[40rem] text-left text-sm">
      <caption className="sr-only">Stock movements</caption>
      <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
        <tr>
          {["When", "Size", "Reason", "Pieces", "After", "Who", "Note"].map((heading) => (
            <th key={heading} scope="col" className="px-2 py-2">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {movements.map((movement) => (
          <tr key={movement.id} className="border-b border-zinc-100 dark:border-zinc-800" data-testid="movement">
            <td className="px-2 py-1.5 whitespace-nowrap">
              {new Date(movement.createdAt).toLocaleString("en-IN", {
                timeZone: "Asia/Kolkata",
                dateStyle: "medium",
                timeStyle: "short",
              })}
            </td>
            <td className="px-2 py-1.5">{movement.size}</td>
            <td className="px-2 py-1.5">{STOCK_REASON_LABELS[movement.reason]}</td>
            <td className="px-2 py-1.5 tabular-nums">
              {movement.quantity > 0 ? `+${movement.quantity}` : movement.quantity}
            </td>
            <td className="px-2 py-1.5 tabular-nums">{movement.stockAfter}</td>
            <td className="px-2 py-1.5 break-all">{movement.byName}</td>
            <td className="px-2 py-1.5">{movement.note ?? (movement.orderId ? `Order #${movement.orderId}` : "")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
