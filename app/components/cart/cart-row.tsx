import { Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { formatInr } from "#core/money.ts";
import type { CartLine } from "#server/cart/cart.schemas.ts";
import { availabilityMessage } from "../../lib/cart-availability.ts";
import { useLocalePath, useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { serviceText } from "../../locales/service-text.ts";
import { ProductThumbnail } from "../catalog/product-thumbnail.tsx";
import { useCartFetcher } from "../catalog/use-cart-fetcher.ts";
import { sizeInWords } from "../orders/order-words.ts";
import { QuantityStepper } from "./quantity-stepper.tsx";

export const lineKey = (line: Pick<CartLine, "productId" | "size">) => `${line.productId}-${line.size}`;

// On narrow screens each row stacks, every cell labelled; from md up it is an ordinary table.
const CELL =
  "flex items-center justify-between py-1 before:text-zinc-600 dark:before:text-zinc-400 before:content-[attr(data-label)] md:table-cell md:px-2 md:py-4 md:before:content-none";

type CartRowProps = {
  line: CartLine;
  register: (key: string, row: HTMLTableRowElement | null) => void;
  /** Called as the row leaves after its Remove went through, to put focus somewhere sensible. */
  onRemoved: (key: string) => void;
};

/**
 * One line of the cart. Its buttons stay enabled while a change is on its way, so that focus stays
 * on the one pressed; a refusal is said in a toast.
 */
export function CartRow({ line, register, onRemoved }: CartRowProps) {
  const { fetcher, busy } = useCartFetcher();
  const problem = availabilityMessage(line);
  const key = lineKey(line);
  const removing = useRemoval(key, fetcher.data, onRemoved);
  const t = useT();
  return (
    <tr
      ref={(row) => register(key, row)}
      className={`block border-b border-zinc-200 py-4 md:table-row dark:border-zinc-800 ${busy ? "opacity-60" : ""} ${problem ? "bg-red-50/60 dark:bg-red-950/30" : ""}`}
      data-testid="cart-line"
    >
      <LineProduct line={line} problem={problem} />
      <td data-label={t("cartTable.size")} className={CELL}>
        {line.size}
      </td>
      <td data-label={t("cartTable.price")} className={CELL}>
        {formatInr(line.unitPrice)}
      </td>
      <td data-label={t("cartTable.quantity")} className={CELL}>
        <QuantityStepper line={line} fetcher={fetcher} />
      </td>
      <td data-label={t("cartTable.total")} className={`${CELL} font-semibold`}>
        {line.availability.kind === "archived" ? "—" : formatInr(line.lineTotal)}
      </td>
      <td className={CELL}>
        <RemoveForm
          line={line}
          fetcher={fetcher}
          onSubmit={() => {
            removing.current = true;
          }}
        />
      </td>
    </tr>
  );
}

/** The line's piece: its picture, title and words, and what stops it being bought, with the fix. */
function LineProduct({ line, problem }: { line: CartLine; problem: string | null }) {
  const t = useT();
  return (
    <td className="block pb-2 md:table-cell md:py-4 md:pr-4">
      <div className="flex gap-4">
        <ProductThumbnail image={line.image} width={80} />
        <div className="min-w-0">
          <Link to={`/productinfo/${line.productId}`} className="font-medium break-words hover:underline">
            {line.title}
          </Link>
          <p className="line-clamp-2 text-xs text-zinc-500 dark:text-zinc-400">{line.description}</p>
          {problem ? (
            <div className="mt-1 flex flex-wrap items-center gap-2" data-testid="line-problem">
              <p className="text-xs font-medium text-red-700 dark:text-red-400">{serviceText(t, problem)}</p>
              <LineFix line={line} />
            </div>
          ) : null}
        </div>
      </div>
    </td>
  );
}

/** The line's Remove button, sent through the row's own fetcher. */
function RemoveForm({
  line,
  fetcher,
  onSubmit,
}: {
  line: CartLine;
  fetcher: ReturnType<typeof useCartFetcher>["fetcher"];
  onSubmit: () => void;
}) {
  const t = useT();
  const localize = useLocalePath();
  return (
    <fetcher.Form method="post" action={localize("/cart")} onSubmit={onSubmit}>
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="size" value={line.size} />
      <input type="hidden" name="intent" value="remove" />
      <button type="submit" className="inline-flex items-center gap-1 text-red-600 hover:underline dark:text-red-400">
        <Trash2 aria-hidden="true" className="size-4" />
        {t("cart.remove")}
        <span className="sr-only">
          {" "}
          {line.title}, {sizeInWords(t, line.size)}
        </span>
      </button>
    </fetcher.Form>
  );
}

/**
 * Remembers that Remove was pressed (and forgets it if the shop refused); when the row then leaves
 * the page, focus is handed on.
 */
function useRemoval(key: string, result: unknown, onRemoved: (key: string) => void) {
  const removing = useRef(false);
  useEffect(() => {
    if (result && typeof result === "object" && "ok" in result && !result.ok) removing.current = false;
  }, [result]);
  useEffect(
    () => () => {
      if (removing.current) onRemoved(key);
    },
    [key, onRemoved],
  );
  return removing;
}

/**
 * The one-click way to make a line buyable: down to what is left, or out of the cart when nothing
 * of it can be bought.
 */
function LineFix({ line }: { line: CartLine }) {
  const fetcher = useFetcher();
  const { availability } = line;
  const left = availability.kind === "short" ? availability.available : 0;
  const t = useT();
  const localize = useLocalePath();
  return (
    <fetcher.Form method="post" action={localize("/cart")}>
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="size" value={line.size} />
      {left > 0 ? (
        <>
          <input type="hidden" name="intent" value="quantity" />
          <input type="hidden" name="quantity" value={left} />
          <button type="submit" className="btn-outline px-2 py-1 text-xs" disabled={fetcher.state !== "idle"}>
            {t("cart.setTo", { count: left })}
          </button>
        </>
      ) : (
        <>
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className="btn-outline px-2 py-1 text-xs" disabled={fetcher.state !== "idle"}>
            {t("cart.remove")}
          </button>
        </>
      )}
    </fetcher.Form>
  );
}
