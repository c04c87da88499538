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
