import type { ProductCsvFile } from "./product-csv-file.ts";
import { columnName, type ProductColumn } from "./product-csv-layout.ts";
import { type PlanContext, type PlannedProduct, planProduct } from "./product-csv-plan.ts";
import { groupByHandle, type ProductDraft, type RowContext, readProductRows } from "./product-csv-rows.ts";
import type { CodeOwner, CsvProblem, ProductCsvLookup } from "./product-transfer.ts";

/*
 * The check of a product file (record 41): a dry run over the whole file that lists every problem
 * by line and column in plain words, and what an import would create and change. It reads nothing
 * but the file and the lookup the caller passes, and writes nothing. A product with any problem is
 * refused whole (an import skips it); the others are planned.
 */

export type ProductCsvPlan = {
  /** Every problem, in the order of the file's lines. */
  problems: CsvProblem[];
  /** What the file holds that the shop reads past, in plain words. */
  notices: string[];
  creates: PlannedProduct[];
  updates: { product: PlannedProduct; changes: string[] }[];
  /** Products the file names as the shop has them already. */
  unchanged: PlannedProduct[];
  /** Products an import would skip for their problems: their handle and first line. */
  refused: { handle: string; line: number }[];
  /** The product rows the file has. */
  rows: number;
};

/** Checks a file read by readProductCsv against the shop, as the lookup describes it. */
export function checkProductCsv(
  file: ProductCsvFile,
  lookup: ProductCsvLookup,
  options: { now?: number } = {},
): ProductCsvPlan {
  const plan: ProductCsvPlan = {
    problems: [...file.problems],
    notices: [...file.notices, ...columnNotices(file)],
    creates: [],
    updates: [],
    unchanged: [],
    refused: [],
    rows: file.rows.length,
  };
  if (!file.readable) return plan;
  const context: RowContext = { file, now: options.now ?? Date.now(), problems: plan.problems };
  const troubledLines = new Set(file.problems.map((problem) => problem.line));
  const drafts = [...groupByHandle(context)].map(([handle, rows]) => {
    const draft = readProductRows(context, handle, rows);
    if (rows.some((row) => troubledLines.has(row.line))) draft.refused = true;
    return draft;
  });
  const planning = planContext(file, lookup, plan.problems, drafts);
  for (const draft of drafts) {
    const outcome = planProduct(draft, planning);
    if (outcome.kind === "create") plan.creates.push(outcome.product);
    else if (outcome.kind === "update") plan.updates.push({ product: outcome.product, changes: outcome.changes });
    else if (outcome.kind === "unchanged") plan.unchanged.push(outcome.product);
    else plan.refused.push({ handle: draft.handle, line: draft.line });
  }
  plan.problems.sort((a, b) => a.line - b.line);
  return plan;
}

/** Notices about the file's columns: stock it leaves alone, prices the shop has no place for. */
function columnNotices(file: ProductCsvFile): string[] {
  const notices: string[] = [];
  if (!file.readable) return notices;
  if (file.names.stock === undefined) {
    notices.push(
      `The file has no ${columnName(file.names, "stock")} column: the sizes keep their stock, and new sizes start at 0.`,
    );
  }
  if (file.rows.some((row) => row.cells.compareAtPrice)) {
    notices.push(
      `${columnName(file.names, "compareAtPrice")} is read past: the shop shows one price a product, without a price to compare with.`,
    );
  }
  return notices;
}

/**
 * What planning shares across products: the codes taken, and the checks of SKUs and barcodes
 * against the rest of the file and the shop, made once for every draft before any is planned.
 */
function planContext(
  file: ProductCsvFile,
  lookup: ProductCsvLookup,
  problems: CsvProblem[],
  drafts: readonly ProductDraft[],
): PlanContext {
  const report = (draft: ProductDraft | undefined, line: number, key: ProductColumn | null, message: string) => {
    if (draft) draft.refused = true;
    problems.push({ line, column: key ? columnName(file.names, key) : null, message });
  };
  checkCodes(drafts, "sku", lookup.skuOwners, report);
  checkCodes(drafts, "barcode", lookup.barcodeOwners, report);
  const taken = new Set(drafts.flatMap((draft) => draft.sizes.flatMap((size) => size.sku ?? [])));
  return {
    lookup,
    skuTaken: (sku) => taken.has(sku) || lookup.skuOwners.has(sku),
    claimSku: (sku) => taken.add(sku),
    problem: (line, key, message) => report(undefined, line, key, message),
  };
}

type CodeReport = (draft: ProductDraft, line: number, key: ProductColumn, message: string) => void;

/** An SKU or a barcode belongs to one size: not twice in the file, nor another product's in the shop. */
function checkCodes(
  drafts: readonly ProductDraft[],
  key: "sku" | "barcode",
  owners: ProductCsvLookup["skuOwners"],
  report: CodeReport,
): void {
  const first = new Map<string, { line: number; handle: string }>();
  for (const draft of drafts) {
    for (const size of draft.sizes) {
      const code = size[key];
      if (code === undefined) continue;
      const earlier = first.get(code);
      if (!earlier) first.set(code, { line: size.line, handle: draft.handle });
      const problem = codeProblem(key === "sku" ? "SKU" : "barcode", code, draft.handle, earlier, owners.get(code));
      if (problem) report(draft, size.line, key, problem);
    }
  }
}

function codeProblem(
  what: string,
  code: string,
  handle: string,
  earlier: { line: number; handle: string } | undefined,
  owner: CodeOwner | undefined,
): string | undefined {
  if (earlier) {
    const where = earlier.handle === handle ? "this product" : earlier.handle;
    return `${what} ${code} is also on line ${earlier.line} (${where}): each size has its own.`;
  }
  if (owner && owner.handle !== handle) return `${what} ${code} is already used by '${owner.title}' (${owner.handle}).`;
  return undefined;
}
