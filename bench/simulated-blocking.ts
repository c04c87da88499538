/**
 * `bench:lighthouse --tasks`: the main thread's tasks that Lighthouse's simulation counts toward a
 * run's total blocking time, each with its simulated span, its length as traced and how much of it
 * blocks. Lighthouse reports the total alone; the parts say which work to take on (decision record
 * 48, "How the simulation counts a load").
 *
 * The simulation (Lantern) replays the load's traced tasks on a slower phone: a task that lays the
 * page out runs at half the CPU multiplier, every other task at the full multiplier (4). Its first
 * paint is drawn from the page's render-blocking requests and three tasks alone (the first to parse
 * the HTML, the first to lay out, the first to paint); every other task of the load is replayed on
 * the one main thread after them, and whatever part of a task lies after that first paint and past
 * 50 ms blocks. Total blocking time is the mean of an optimistic and a pessimistic estimate, so each
 * task's share here is the mean of its two, and the shares add up to the figure Lighthouse reports.
 *
 * This recomputes Lighthouse's own metric from the run's artifacts with Lighthouse's own modules,
 * which are internal ones: the package is pinned (package.json), and the lines say the sum of the
 * shares beside the total Lighthouse reported, so that a change in Lighthouse shows at once.
 */
import type { RunnerResult } from "lighthouse";
import { getComputationDataParams } from "lighthouse/core/computed/metrics/lantern-metric.js";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";

const LONG_TASK_MS = 50;
const MICROSECONDS_PER_MS = 1000;

export type BlockingTask = {
  /** The task's span in the simulated load, in ms from its start. */
  start: number;
  end: number;
  /** Its length as traced on this machine, in ms, and the multiplier the simulation gave it. */
  traced: number;
  multiplier: number;
  /** The ms of it that count toward total blocking time. */
  blocking: number;
  /** Its longest pieces of work, by name, with their traced lengths in ms. */
  work: string;
};

type TaskNode = {
  type: string;
  duration: number;
  childEvents: { name: string; dur?: number }[];
  didPerformLayout: () => boolean;
};
type Timing = { startTime: number; endTime: number; duration: number };
type Estimate = { timeInMs: number; nodeTimings: Map<TaskNode, Timing> };
type Window = { from: number; to: number };

/** What the simulation reads of a run: its settings and artifacts (`--save` keeps them for bench:what-if). */
export type SimulationInput = {
  settings: RunnerResult["lhr"]["configSettings"];
  artifacts: Pick<
    RunnerResult["artifacts"],
    "Trace" | "DevtoolsLog" | "GatherContext" | "URL" | "SourceMaps" | "HostDPR"
  >;
};

/** A node of the simulation's graph of the load: a request or a main-thread task. */
export type GraphNode = TaskNode & {
  startTime: number;
  request?: { url: string };
  correctedEndTs?: number;
  traverse: (visit: (node: GraphNode) => void) => void;
  getDependencies: () => GraphNode[];
  removeDependency: (node: GraphNode) => void;
};

export function simulationInputOf({ lhr, artifacts }: RunnerResult): SimulationInput {
  const { Trace, DevtoolsLog, GatherContext, URL, SourceMaps, HostDPR } = artifacts;
  return { settings: lhr.configSettings, artifacts: { Trace, DevtoolsLog, GatherContext, URL, SourceMaps, HostDPR } };
}

/**
 * Lighthouse's own simulation of a run: first paint, time to interactive and total blocking time,
 * computed as its metrics compute them; `change` alters the graph of the load first (bench:what-if).
 */
export async function simulate({ settings, artifacts }: SimulationInput, change?: (graph: GraphNode) => void) {
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  // A fresh cache: the computation is Lighthouse's, on this run's artifacts alone.
  // biome-ignore lint/suspicious/noExplicitAny: Lighthouse's computed context is an internal type.
  const context = { computedCache: new Map(), settings } as any;
  // biome-ignore lint/suspicious/noExplicitAny: idem, the metric's input.
  const params = await getComputationDataParams(data as any, context);
  change?.(params.graph as unknown as GraphNode);
  const fcp = Lantern.Metrics.FirstContentfulPaint.compute(params);
  const lcp = Lantern.Metrics.LargestContentfulPaint.compute(params, { fcpResult: fcp });
  const interactive = Lantern.Metrics.Interactive.compute(params, { lcpResult: lcp });
  const blocking = Lantern.Metrics.TotalBlockingTime.compute(params, {
    fcpResult: fcp,
    interactiveResult: interactive,
  });
  return { fcp, interactive, blocking };
}

/** The run's blocking tasks, longest share first. */
export async function simulatedBlocking(input: SimulationInput): Promise<BlockingTask[]> {
  const { fcp, interactive, blocking } = await simulate(input);
  // Each estimate counts from the other estimate's first paint, as Lighthouse's own metric does.
  const optimistic = blocking.optimisticEstimate as unknown as Estimate;
  const pessimistic = blocking.pessimisticEstimate as unknown as Estimate;
  const windows: [Estimate, Window][] = [
    [optimistic, { from: fcp.pessimisticEstimate.timeInMs, to: interactive.optimisticEstimate.timeInMs }],
    [pessimistic, { from: fcp.optimisticEstimate.timeInMs, to: interactive.pessimisticEstimate.timeInMs }],
  ];
  const cpuMultiplier = input.settings.throttling.cpuSlowdownMultiplier ?? 4;
  const tasks: BlockingTask[] = [];
  for (const [node, timing] of optimistic.nodeTimings) {
    if (node.type !== "cpu" || timing.duration < LONG_TASK_MS) continue;
    const shares = windows.map(([estimate, window]) => {
      const span = estimate.nodeTimings.get(node);
      return span ? blockingPart(span, window) : 0;
    });
    const share = shares.reduce((sum, part) => sum + part, 0) / shares.length;
    if (share <= 0) continue;
    tasks.push({
      start: timing.startTime,
      end: timing.endTime,
      traced: node.duration / MICROSECONDS_PER_MS,
      multiplier: node.didPerformLayout() ? cpuMultiplier / 2 : cpuMultiplier,
      blocking: share,
      work: longestWork(node),
    });
  }
  return tasks.sort((a, b) => b.blocking - a.blocking);
}

/** What `--tasks` prints under a run: the blocking tasks, one a line, and their sum beside the reported total. */
export async function blockingLines(result: RunnerResult, indent: string): Promise<string[]> {
  const reported = result.lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN;
  const tasks = await simulatedBlocking(simulationInputOf(result));
  const sum = tasks.reduce((total, task) => total + task.blocking, 0);
  const ms = (value: number) => `${Math.round(value).toLocaleString("en-IN")} ms`;
  return [
    `${indent}tasks counted toward TBT (${ms(sum)} in all; Lighthouse reported ${ms(reported)}):`,
    ...tasks.map(
      (task) =>
        `${indent}  ${ms(task.blocking).padStart(7)} of ${ms(task.end - task.start)} at ${ms(task.start)} ` +
        `(traced ${ms(task.traced)}, ×${task.multiplier})${task.work ? `: ${task.work}` : ""}`,
    ),
  ];
}

/** The part of a task past 50 ms once it is cut to the window Lighthouse counts in (TBTUtils). */
function blockingPart(span: Timing, window: Window): number {
  if (span.duration < LONG_TASK_MS) return 0;
  const counted = Math.min(span.endTime, window.to) - Math.max(span.startTime, window.from);
  return counted > LONG_TASK_MS ? counted - LONG_TASK_MS : 0;
}

function longestWork(node: TaskNode): string {
  return node.childEvents
    .filter((event) => (event.dur ?? 0) >= 2 * MICROSECONDS_PER_MS && !event.name.endsWith("RunTask"))
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 3)
    .map((event) => `${event.name} ${Math.round((event.dur ?? 0) / MICROSECONDS_PER_MS)} ms`)
    .join(", ");
}
