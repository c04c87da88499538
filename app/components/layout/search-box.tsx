import { Search } from "lucide-react";
import { Form, useSearchParams } from "react-router";

/** Searches the whole shop: submits to /allproducts?q=… (works without JavaScript too). */
export function SearchBox({ id, className = "" }: { id: string; className?: string }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/allproducts" role="search" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={params.get("q") ?? ""}
        placeholder="Search suits, kurtas, bags…"
        maxLength={100}
        className="field pr-10"
      />
      <button
        type="submit"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-zinc-600 dark:text-zinc-400 hover:text-zinc-900 dark:hover:text-zinc-100"
      >
        <Search aria-hidden="true" className="size-4" />
        <span className="sr-only">Search</span>
      </button>
    </Form>
  );
}
