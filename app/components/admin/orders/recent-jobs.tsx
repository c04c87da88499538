import { Link } from "react-router";
import { actorLabelText } from "#core/actor.ts";
import { formatShopDateTime } from "#core/dates.ts";

type Job = {
  id: number;
  label: string;
  actor: string;
  createdAt: number;
  finished: boolean;
  total: number;
  done: number;
  failed: number;
};

/** The latest bulk jobs, each with what went through and what failed, linking to its results. */
export function RecentJobs({ jobs }: { jobs: Job[] }) {
  if (jobs.length === 0) return null;
  return (
    <section aria-labelledby="recent-jobs" className="mt-8">
      <h2 id="recent-jobs" className="text-lg font-semibold">
        Latest bulk actions
      </h2>
      <ul className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        {jobs.map((job) => (
          <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <Link to={`/admin/jobs/${job.id}`} className="underline">
              {job.label} · {job.total} order{job.total === 1 ? "" : "s"}
            </Link>
            <span className="text-xs text-zinc-600 dark:text-zinc-400">
              {job.done} done
              {job.failed > 0 ? (
                <strong className="text-red-700 dark:text-red-300"> · {job.failed} failed</strong>
              ) : null}
              {job.finished ? "" : " · not finished"} · {actorLabelText(job.actor)} ·{" "}
              {formatShopDateTime(job.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
