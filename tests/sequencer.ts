import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order files run in: the service and HTTP suites first, the browser journeys last. Vitest runs
 * projects in the order of their names, which put the journeys first, and they then waited the
 * quarter of a minute their shop takes to load its demo catalogue (tests/e2e/shop-servers.ts) on
 * both workers while nothing else ran. Within each project, Vitest's own order stands (the longest
 * files first, by the last run's timings, or by size on a fresh clone).
 */
export default class JourneysLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const journey = (file: TestSpecification) => file.project.name === "browser";
    return [...sorted.filter((file) => !journey(file)), ...sorted.filter(journey)];
  }
}
