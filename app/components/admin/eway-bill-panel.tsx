import { FileText } from "lucide-react";
import { useFetcher } from "react-router";
import { formatShopDateTime } from "#core/dates.ts";
import { stateByCode } from "#core/indian-states.ts";
import { formatInr } from "#core/money.ts";
import type { AdminOrderDetail } from "#server/orders/orders.schemas.ts";
import { Notice } from "../ui/notice.tsx";
import { TextField } from "../ui/text-field.tsx";

/** "1812 3456 7890": the number in groups of four, as the portal prints it. */
function grouped(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}

type SaveResult = { ok: boolean; message?: string; fieldErrors?: Record<string, string> };

/**
 * The e-way bill of an order whose goods need one (CGST Rule 138): why, Part A to upload to the
 * portal, and the number the portal gave, which the order needs before it can ship. Saved through
 * a fetcher, so the page stays on the order, ready to ship it.
 */
export function EwayBillPanel({ order }: { order: AdminOrderDetail }) {
  const { ewayBill } = order;
  if (!ewayBill.needed) return null;
  const open = order.status === "placed" || order.status === "shipped";
  return (
    <section className="card flex flex-col gap-4 p-6 text-sm" aria-labelledby="eway-heading" data-testid="eway-bill">
      <h2 id="eway-heading" className="text-xl font-semibold">
        E-way bill
      </h2>
      {ewayBill.number ? (
        <p>
          E-way bill <strong className="font-mono text-base">{grouped(ewayBill.number)}</strong>
          {ewayBill.enteredAt ? (
            <span className="text-zinc-600 dark:text-zinc-400">
              {" "}
              · entered {formatShopDateTime(ewayBill.enteredAt)}
            </span>
          ) : null}
        </p>
      ) : order.status === "placed" ? (
        <Notice>
          <strong>E-way bill needed before shipping.</strong> This order goes to{" "}
          {stateByCode(order.stateCode)?.name ?? "another state"} and is worth {formatInr(order.total)}, more than
          ₹50,000: Rule 138 of the CGST Rules asks for an e-way bill before the goods move.
        </Notice>
      ) : null}
      <p>
        <a href={`/admin/orders/${order.id}/eway-bill.json`} className="btn-outline" download>
          <FileText aria-hidden="true" className="size-4" />
          Part A for the e-way bill portal (JSON)
        </a>
      </p>
      {open ? <EwayBillNumberForm orderId={order.id} correcting={Boolean(ewayBill.number)} /> : null}
    </section>
  );
}

/** The number the portal gave, entered (or corrected) through a fetcher. */
function EwayBillNumberForm({ orderId, correcting }: { orderId: number; correcting: boolean }) {
  const fetcher = useFetcher<SaveResult>();
  const failed = fetcher.data?.ok === false ? fetcher.data : undefined;
  return (
    <fetcher.Form
      method="post"
      action={`/admin/updateorderstatus?id=${orderId}`}
      className="flex flex-wrap items-end gap-3"
    >
      <input type="hidden" name="intent" value="eway-bill" />
      <TextField
        name="ewayBillNumber"
        label={correcting ? "Correct the e-way bill number" : "E-way bill number"}
        hint="The 12 digits the portal gave."
        inputMode="numeric"
        autoComplete="off"
        maxLength={16}
        required
        error={failed?.fieldErrors?.ewayBillNumber ?? failed?.message}
      />
      <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
        {fetcher.state === "idle" ? "Save e-way bill number" : "Saving…"}
      </button>
    </fetcher.Form>
  );
}
