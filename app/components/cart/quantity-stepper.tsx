import { Minus, Plus } from "lucide-react";
import type { FetcherWithComponents } from "react-router";
import type { CartLine } from "#server/cart/cart.schemas.ts";
import { useT } from "../../locales/i18n.ts";
import { sizeInWords } from "../orders/order-words.ts";

/**
 * − and + around a line's quantity. At 1 or at the stock in hand the button says it is unavailable
 * (aria-disabled) but keeps focus, so a keyboard user who just pressed it is not thrown to the top
 * of the page. A product taken out of the shop has no quantity to change: both are disabled.
 */
export function QuantityStepper({ line, fetcher }: { line: CartLine; fetcher: FetcherWithComponents<unknown> }) {
  const gone = line.availability.kind === "archived";
  const t = useT();
  const named = { title: line.title, size: sizeInWords(t, line.size) };
  return (
    <div className="inline-flex items-center rounded-md border border-zinc-300 dark:border-zinc-700">
      <StepButton
        line={line}
        fetcher={fetcher}
        to={line.quantity - 1}
        gone={gone}
        atLimit={line.quantity <= 1}
        label={t("quantity.fewer", named)}
      >
        <Minus aria-hidden="true" className="size-4" />
      </StepButton>
      <output className="w-8 text-center font-medium" aria-label={t("quantity.of", named)}>
        {line.quantity}
      </output>
      <StepButton
        line={line}
        fetcher={fetcher}
        to={line.quantity + 1}
        gone={gone}
        atLimit={line.quantity >= line.stock}
        label={t("quantity.more", named)}
      >
        <Plus aria-hidden="true" className="size-4" />
      </StepButton>
    </div>
  );
}

type StepProps = {
  line: CartLine;
  fetcher: FetcherWithComponents<unknown>;
  to: number;
  gone: boolean;
  atLimit: boolean;
  label: string;
  children: React.ReactNode;
};

function StepButton({ line, fetcher, to, gone, atLimit, label, children }: StepProps) {
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      onSubmit={(event) => {
        if (atLimit) event.preventDefault();
      }}
    >
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="size" value={line.size} />
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="quantity" value={to} />
      <button
        type="submit"
        className="flex size-9 items-center justify-center disabled:opacity-30 aria-disabled:cursor-not-allowed aria-disabled:opacity-30"
        disabled={gone}
        aria-disabled={!gone && atLimit ? true : undefined}
        aria-label={label}
      >
        {children}
      </button>
    </fetcher.Form>
  );
}
