import { useCallback, useRef } from "react";
import type { CartLine } from "#server/cart/cart.schemas.ts";
import { useT } from "../../locales/i18n.ts";
import { CartRow, lineKey } from "./cart-row.tsx";

/**
 * The Cart Items table: picture, title, description, size, price, quantity (− and +), total, Remove.
 * When a line is removed, focus moves to the next line (or the one before, or the Cart heading when
 * none is left), never to the page.
 */
export function CartLines({ lines }: { lines: CartLine[] }) {
  const t = useT();
  const rows = useRef(new Map<string, HTMLTableRowElement>());
  const order = useRef<string[]>([]);
  order.current = lines.map(lineKey);
  const register = useCallback((key: string, row: HTMLTableRowElement | null) => {
    if (row) rows.current.set(key, row);
    else rows.current.delete(key);
  }, []);
  const focusAfterRemoval = useCallback((removed: string) => {
    const keys = order.current;
    const at = keys.indexOf(removed);
    const candidates = [...keys.slice(at + 1), ...keys.slice(0, Math.max(at, 0)).reverse()];
    const next = candidates.map((key) => rows.current.get(key)).find((row) => row?.isConnected);
    const target = next?.querySelector<HTMLElement>("a[href]") ?? document.getElementById("cart-heading");
    target?.focus();
  }, []);
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t("cart.items")}</caption>
      <thead className="hidden border-b border-zinc-200 text-left text-xs tracking-wide text-zinc-600 dark:text-zinc-400 uppercase md:table-header-group dark:border-zinc-800 [&_th]:px-2">
        <tr>
          <th scope="col" className="py-3">
            {t("cartTable.product")}
          </th>
          <th scope="col">{t("cartTable.size")}</th>
          <th scope="col">{t("cartTable.price")}</th>
          <th scope="col">{t("cartTable.quantity")}</th>
          <th scope="col">{t("cartTable.total")}</th>
          <th scope="col">
            <span className="sr-only">{t("cart.remove")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <CartRow key={lineKey(line)} line={line} register={register} onRemoved={focusAfterRemoval} />
        ))}
      </tbody>
    </table>
  );
}
