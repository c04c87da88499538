import { buildIfStale } from "../scripts/build-if-stale.ts";

/** Suites that drive the built server need a build no older than the code. */
export default function setup(): void {
  buildIfStale();
}
