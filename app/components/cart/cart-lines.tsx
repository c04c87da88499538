import { Minus, Plus, Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { formatInr } from "#core/money.ts";
import type { CartLine } from "#server/cart/cart.schemas.ts";
import { availabilityMessage } from "../../lib/cart-availability.ts";
import { ProductThumbnail } from "../catalog/product-thumbnail.tsx";

/** The Cart Items table: picture, title, description, size, price, quantity (− and +), total, Remove. */
export function CartLines({ lines }: { lines: CartLine[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Cart Items</caption>
      <thead className="hidden border-b border-zinc-200 text-left text-xs tracking-wide text-zinc-600 dark:text-zinc-400 uppercase md:table-header-group dark:border-zinc-800 [&_th]:px-2">
        <tr>
          <th scope="col" className="py-3">
            Product
          </th>
          <th scope="col">Size</th>
          <th scope="col">Price</th>
          <th scope="col">Quantity</th>
          <th scope="col">Total</th>
          <th scope="col">
            <span className="sr-only">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <CartRow key={`${line.productId}-${line.size}`} line={line} />
        ))}
      </tbody>
    </table>
  );
}

// On narrow screens each row stacks, every cell labelled; from md up it is an ordinary table.
const CELL =
  "flex items-center justify-between py-1 before:text-zinc-500 before:content-[attr(data-label)] md:table-cell md:px-2 md:py-4 md:before:content-none";

function CartRow({ line }: { line: CartLine }) {
  const fetcher = useFetcher();
  const problem = availabilityMessage(line);
  const pending = fetcher.state !== "idle";
  const hidden = (
    <>
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="size" value={line.size} />
    </>
  );
  return (
    <tr
      className={`block border-b border-zinc-200 py-4 md:table-row dark:border-zinc-800 ${pending ? "opacity-60" : ""} ${problem ? "bg-red-50/60 dark:bg-red-950/30" : ""}`}
      data-testid="cart-line"
    >
      <td className="block pb-2 md:table-cell md:py-4 md:pr-4">
        <div className="flex gap-4">
          <ProductThumbnail image={line.image} width={80} />
          <div>
            <p className="font-medium">{line.title}</p>
            <p className="line-clamp-2 text-xs text-zinc-500 dark:text-zinc-400">{line.description}</p>
            {problem ? (
              <div className="mt-1 flex flex-wrap items-center gap-2" data-testid="line-problem">
                <p className="text-xs font-medium text-red-700 dark:text-red-400">{problem}</p>
                <LineFix line={line} />
              </div>
            ) : null}
          </div>
        </div>
      </td>
      <td data-label="Size" className={CELL}>
        {line.size}
      </td>
      <td data-label="Price" className={CELL}>
        {formatInr(line.unitPrice)}
      </td>
      <td data-label="Quantity" className={CELL}>
        <div className="inline-flex items-center rounded-md border border-zinc-300 dark:border-zinc-700">
          <fetcher.Form method="post" action="/cart">
            {hidden}
            <input type="hidden" name="intent" value="quantity" />
            <input type="hidden" name="quantity" value={line.quantity - 1} />
            <button
              type="submit"
              className="flex size-9 items-center justify-center disabled:opacity-30"
              disabled={line.quantity <= 1 || pending}
              aria-label={`One fewer ${line.title}, size ${line.size}`}
            >
              <Minus aria-hidden="true" className="size-4" />
            </button>
          </fetcher.Form>
          <output className="w-8 text-center font-medium" aria-label={`Quantity of ${line.title}, size ${line.size}`}>
            {line.quantity}
          </output>
          <fetcher.Form method="post" action="/cart">
            {hidden}
            <input type="hidden" name="intent" value="quantity" />
            <input type="hidden" name="quantity" value={line.quantity + 1} />
            <button
              type="submit"
              className="flex size-9 items-center justify-center disabled:opacity-30"
              disabled={line.quantity >= line.stock || pending}
              aria-label={`One more ${line.title}, size ${line.size}`}
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
          </fetcher.Form>
        </div>
      </td>
      <td data-label="Total" className={`${CELL} font-semibold`}>
        {formatInr(line.lineTotal)}
      </td>
      <td className={CELL}>
        <fetcher.Form method="post" action="/cart">
          {hidden}
          <input type="hidden" name="intent" value="remove" />
          <button
            type="submit"
            className="inline-flex items-center gap-1 text-red-600 hover:underline dark:text-red-400"
            disabled={pending}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove
            <span className="sr-only">
              {" "}
              {line.title}, size {line.size}
            </span>
          </button>
        </fetcher.Form>
      </td>
    </tr>
  );
}

/**
 * The one-click way to make a line buyable: down to what is left, or out of the cart when nothing
 * of it can be bought.
 */
function LineFix({ line }: { line: CartLine }) {
  const fetcher = useFetcher();
  const { availability } = line;
  const left = availability.kind === "short" ? availability.available : 0;
  return (
    <fetcher.Form method="post" action="/cart">
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="size" value={line.size} />
      {left > 0 ? (
        <>
          <input type="hidden" name="intent" value="quantity" />
          <input type="hidden" name="quantity" value={left} />
          <button type="submit" className="btn-outline px-2 py-1 text-xs" disabled={fetcher.state !== "idle"}>
            Set to {left}
          </button>
        </>
      ) : (
        <>
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className="btn-outline px-2 py-1 text-xs" disabled={fetcher.state !== "idle"}>
            Remove
          </button>
        </>
      )}
    </fetcher.Form>
  );
}
