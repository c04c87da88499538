/**
 * An ordinary day on a fast one: Chromium held to a share of one core by a Linux cgroup CPU quota,
 * so that Lighthouse's own measure of the machine (benchmarkIndex) reads what this machine reads on
 * an ordinary day (1,100–1,850), and every task the browser runs is slowed down as it is then; a
 * little more, as the browser's processes share the one quota (decision record 48 measured 1.2–1.9
 * times an ordinary day's blocking time). Lighthouse's CPU multiplier (`--cpu`) scales the
 * simulation instead, and measured the pages lighter than a slow host does. Needs root and a cgroup
 * CPU controller (version 1 or 2); says so when there is none.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

// A short period spreads the quota evenly: a task is slowed down rather than run at full speed
// and then stopped for most of a 100 ms period (the default), which would read as long pauses.
const PERIOD_MICROSECONDS = 10_000;

export type SlowHost = { chromePath: string; release: () => Promise<void> };

/** A Chromium that runs at `percent` % of one core; `release` removes the quota once it has exited. */
export function slowHostChromium(chromePath: string, percent: number, workDir: string): SlowHost {
  if (!(percent > 0 && percent <= 100)) throw new Error("--slow-host takes a share of one core, from 1 to 100 (%).");
  const group = createGroup(`kesar-bench-${process.pid}`, Math.round((PERIOD_MICROSECONDS * percent) / 100));
  const wrapper = path.join(workDir, "chromium-slow-host.sh");
  // The browser's every process is started by this one, so each one is held to the same quota.
  writeFileSync(wrapper, `#!/bin/sh\necho $$ > '${group.procs}'\nexec '${chromePath}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  return {
    chromePath: wrapper,
    release: async () => {
      // The browser's processes leave the group as they exit; an empty group can be removed.
      for (let waited = 0; waited < 5_000 && readFileSync(group.procs, "utf8").trim() !== ""; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      try {
        rmdirSync(group.dir);
      } catch {
        console.log(`The CPU quota group ${group.dir} still holds processes: remove it once they have exited.`);
      }
    },
  };
}

function createGroup(name: string, quota: number): { dir: string; procs: string } {
  try {
    const version1 = "/sys/fs/cgroup/cpu";
    if (existsSync(path.join(version1, "cpu.cfs_quota_us"))) {
      const dir = path.join(version1, name);
      mkdirSync(dir);
      writeFileSync(path.join(dir, "cpu.cfs_period_us"), String(PERIOD_MICROSECONDS));
      writeFileSync(path.join(dir, "cpu.cfs_quota_us"), String(quota));
      return { dir, procs: path.join(dir, "cgroup.procs") };
    }
    const version2 = "/sys/fs/cgroup";
    if (readFileSync(path.join(version2, "cgroup.controllers"), "utf8").split(" ").includes("cpu")) {
      writeFileSync(path.join(version2, "cgroup.subtree_control"), "+cpu");
      const dir = path.join(version2, name);
      mkdirSync(dir);
      writeFileSync(path.join(dir, "cpu.max"), `${quota} ${PERIOD_MICROSECONDS}`);
      return { dir, procs: path.join(dir, "cgroup.procs") };
    }
  } catch (error) {
    throw new Error(`--slow-host needs root and a cgroup CPU controller: ${(error as Error).message}`);
  }
  throw new Error("--slow-host needs a cgroup CPU controller, and this machine has none.");
}
