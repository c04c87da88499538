import { Link } from "react-router";
import type { checkSummary, ImportReport } from "#server/catalog/csv/product-files.service.ts";

type Summary = ReturnType<typeof checkSummary>;

function Problems({ problems, more }: { problems: Summary["problems"]; more: number }) {
  if (problems.length === 0) return <p className="mt-2 text-sm">No problems.</p>;
  return (
    <ol className="mt-2 grid gap-1 text-sm text-red-800 dark:text-red-300" data-testid="csv-problems">
      {problems.map((problem) => (
        <li key={`${problem.line}-${problem.column}-${problem.message}`}>
          Line {problem.line}
          {problem.column ? `, ${problem.column}` : ""}: {problem.message}
        </li>
      ))}
      {more > 0 ? <li>…and {more} more.</li> : null}
    </ol>
  );
}

function Notices({ notices }: { notices: readonly string[] }) {
  if (notices.length === 0) return null;
  return (
    <ul className="mt-2 grid gap-1 text-sm text-zinc-700 dark:text-zinc-300">
      {notices.map((notice) => (
        <li key={notice}>{notice}</li>
      ))}
    </ul>
  );
}

/** A check's result: the problems by line and column, then what an import would do. */
export function CheckResult({ fileName, summary }: { fileName: string; summary: Summary }) {
  return (
    <section className="card mt-6 p-4" aria-labelledby="check-heading" data-testid="check-result">
      <h2 id="check-heading" className="text-lg font-semibold">
        Check of {fileName}: {summary.rows} rows
      </h2>
      <p className="mt-1 text-sm">
        Would create {summary.creates.length}, change {summary.updates.length}, leave {summary.unchanged} as they are
        and skip {summary.refused.length}. Nothing has been written.
      </p>
      <Problems problems={summary.problems} more={summary.moreProblems} />
      <Notices notices={summary.notices} />
      {summary.creates.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold">To create</h3>
          <ul className="mt-1 grid gap-1 text-sm">
            {summary.creates.map((product) => (
              <li key={product.handle}>
                <span className="font-medium">{product.title}</span> ({product.handle}): {product.sizes}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {summary.updates.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold">To change</h3>
          <ul className="mt-1 grid gap-1 text-sm">
            {summary.updates.map((product) => (
              <li key={product.handle}>
                <span className="font-medium">{product.title}</span>: {product.changes.join("; ")}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

type Report = Omit<ImportReport, "id"> & {
  id?: number;
  pictureFetches?: { url: string; status: string; error: string | null; handle: string }[];
};

/** An import's report: created, changed and skipped products, and the pictures fetched. */
export function ImportResult({ fileName, report }: { fileName: string; report: Report }) {
  return (
    <section className="card mt-6 p-4" aria-labelledby="import-heading" data-testid="import-result">
      <h2 id="import-heading" className="text-lg font-semibold">
        Import of {fileName}
      </h2>
      <p className="mt-1 text-sm">
        Created {report.created.length}, updated {report.updated.length}, unchanged {report.unchanged}, skipped{" "}
        {report.skipped.length}.
      </p>
      <Problems problems={report.problems} more={0} />
      {report.skipped.length > 0 ? (
        <ul className="mt-2 grid gap-1 text-sm">
          {report.skipped.map((skipped) => (
            <li key={skipped.handle}>
              Skipped {skipped.handle} (line {skipped.line}): {skipped.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="mt-2 grid gap-1 text-sm">
        {report.created.map((product) => (
          <li key={product.handle}>Created {product.title}</li>
        ))}
        {report.updated.map((product) => (
          <li key={product.handle}>
            Updated {product.title}: {product.changes.join("; ")}
          </li>
        ))}
      </ul>
      <PictureStatus report={report} />
    </section>
  );
}

function PictureStatus({ report }: { report: Report }) {
  if (report.pictures === 0) return null;
  const failed = report.pictureFetches?.filter((fetch) => fetch.status === "failed") ?? [];
  const waiting = report.pictureFetches?.filter((fetch) => fetch.status === "waiting").length ?? report.pictures;
  return (
    <div className="mt-3 text-sm">
      <p>
        {report.pictures} pictures are fetched in the background{waiting > 0 ? ` (${waiting} still waiting)` : ""}.{" "}
        {report.id ? (
          <Link to={`/admin/products/import?report=${report.id}`} className="underline underline-offset-4">
            See how they are getting on
          </Link>
        ) : null}
      </p>
      {failed.length > 0 ? (
        <ul className="mt-1 grid gap-1 text-red-800 dark:text-red-300">
          {failed.map((fetch) => (
            <li key={`${fetch.handle}-${fetch.url}`}>
              {fetch.handle}: {fetch.url}: {fetch.error}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
