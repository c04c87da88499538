import { jobPaper } from "#server/admin/order-jobs.service.ts";
import { idFromPath } from "../../.server/address.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import type { Route } from "./+types/job-paper";
import { paperDeps, pdfResponse } from "./paper.server.ts";

/**
 * A print job's PDF (record 45): the labels, labels with packing slips or pick list of the orders
 * the job found printable, made by the shipping room's paper as it is opened.
 */
export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const file = await jobPaper(paperDeps(context), actor, idFromPath(params.jobId, "This job could not be found."));
  return pdfResponse(file.pdf, file.filename);
}
