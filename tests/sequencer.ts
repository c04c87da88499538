import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order files run in: the service and HTTP suites first, the browser journeys last. Vitest runs
 * projects in the order of their names, which put the journeys first, and they then waited for
 * their shop to load its demo catalogue (tests/e2e/shop-servers.ts) on both workers while nothing
 * else ran. Within each project, Vitest's own order stands: the longest files first by the last
 * run's timings, or, on a fresh clone that has none, the largest first.
 *
 * Size misjudges the accessibility sweeps: each is one long test (a dozen pages, each looked at
 * three ways) in a short file, so on a fresh clone they came last, and one worker finished the
 * run alone. Without timings they go first among the journeys.
 */
export default class JourneysLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const journey = (file: TestSpecification) => file.project.name === "browser";
    const journeys = sorted.filter(journey);
    const timed = journeys.every((file) => this.ctx.cache.getTestSpecificationResult(file));
    const sweep = (file: TestSpecification) => /\/accessibility-[^/]+\.test\.ts$/.test(file.moduleId);
    const ordered = timed ? journeys : [...journeys.filter(sweep), ...journeys.filter((file) => !sweep(file))];
    return [...sorted.filter((file) => !journey(file)), ...ordered];
  }
}
