import { formatShopDate } from "#core/dates.ts";

/** Who bought, in an orders table: the name, the mobile number (masked for a packer) and the e-mail. */
export function BuyerCell({ row }: { row: { name: string; phone: string; email: string | null } }) {
  return (
    <td className="max-w-56 px-2 py-2">
      <p>{row.name}</p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="order-index-phone">
        {row.phone}
      </p>
      <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">{row.email ?? "—"}</p>
    </td>
  );
}

/** Under an order's number: the gateway's payment id of an online order, and the day it was placed. */
export function PaymentIdAndDay({ row }: { row: { paymentId: string | null; createdAt: number } }) {
  return (
    <>
      {row.paymentId ? (
        <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400" data-testid="admin-order-payment-id">
          {row.paymentId}
        </p>
      ) : null}
      <p className="text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">{formatShopDate(row.createdAt)}</p>
    </>
  );
}
