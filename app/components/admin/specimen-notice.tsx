import { TriangleAlert } from "lucide-react";

/**
 * Why every invoice and credit note says "Specimen — not a tax invoice": the shop's own GSTIN is not
 * set, so its documents name the made-up demo seller, which must never reach a real buyer as a tax
 * invoice. Says what to set.
 */
export function SpecimenNotice({ gstin }: { gstin: string }) {
  return (
    <div
      role="status"
      data-testid="specimen-notice"
      className="mb-6 flex gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">Invoices and credit notes are specimens: not tax invoices.</p>
        <p className="mt-1">
          The shop&apos;s own GSTIN is not set, so its documents name a made-up demo seller (GSTIN {gstin}), and every
          one is marked &quot;Specimen — not a tax invoice&quot;. Before selling to real buyers, set SHOP_LEGAL_NAME,
          SHOP_ADDRESS and SHOP_GSTIN to the registered business and restart the shop.
        </p>
      </div>
    </div>
  );
}
