/**
 * `npm run bench:what-if -- <folder>`: replays the Lighthouse runs that `bench:lighthouse --save
 * <folder>` kept, through Lighthouse's own simulation, once as they were and once per change below
 * made to the graph of the load, and prints each page's median total blocking time under each. The
 * same traces go through every change, so a change's effect is read without the run-to-run spread of
 * new loads (single runs of one page spread from 13 to 664 ms at a slow host's speed). A change here
 * is the simulation's view of a page that would behave so, not a page built that way: it says which
 * work is worth taking on (decision record 48, "How the simulation counts a load").
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { median } from "./median.ts";
import { type GraphNode, type SimulationInput, simulate } from "./simulated-blocking.ts";

const folder = process.argv[2];
if (!folder) throw new Error("Name the folder that bench:lighthouse --save <folder> wrote.");

type Change = (graph: GraphNode) => void;

const MICROSECONDS_PER_MS = 1000;
const tasksOf = (graph: GraphNode) => {
  const tasks: GraphNode[] = [];
  graph.traverse((node) => {
    if (node.type === "cpu") tasks.push(node);
  });
  return tasks.sort((a, b) => a.startTime - b.startTime);
};
const does = (task: GraphNode, name: string) => task.childEvents.some((event) => event.name === name);
const timeIn = (task: GraphNode, names: string[]) =>
  task.childEvents.filter((event) => names.includes(event.name)).reduce((sum, event) => sum + (event.dur ?? 0), 0);
const lengthen = (task: GraphNode, by: number) => {
  task.correctedEndTs = task.startTime + Math.max(task.duration + by, MICROSECONDS_PER_MS);
};
/** Moves the time of the named work from `from` to `to` (which then lays out, if the work did). */
const move = (from: GraphNode, to: GraphNode, names: string[]) => {
  const time = timeIn(from, names);
  lengthen(from, -time);
  lengthen(to, time);
  if (names.includes("Layout") && !to.didPerformLayout()) to.childEvents.push({ name: "Layout" });
};

const CHANGES: Record<string, Change> = {
  "as traced": () => {},
  // The task that runs the islands' script waits for the document alone, not for the script's
  // request (its timers and DOM changes tie it to that request in the graph).
  "islands unbound": (graph) => {
    for (const task of tasksOf(graph).filter((node) => does(node, "v8.evaluateModule"))) {
      for (const dependency of task.getDependencies()) {
        if (dependency.request?.url.includes("/assets/islands")) task.removeDependency(dependency);
      }
    }
  },
  // No unstyled layout: a layout of more than 20 ms before the stylesheet is parsed takes 1 ms.
  "no unstyled layout": (graph) => {
    const tasks = tasksOf(graph);
    const sheet = tasks.find((task) => does(task, "ParseAuthorStyleSheet"));
    for (const task of tasks) {
      if (
        sheet &&
        task.startTime < sheet.startTime &&
        task.didPerformLayout() &&
        task.duration > 20 * MICROSECONDS_PER_MS
      ) {
        lengthen(task, MICROSECONDS_PER_MS - task.duration);
      }
    }
  },
  // The styled style and layout done in the frame of the first paint, not in the script's task.
  "styled in first paint": (graph) => {
    const tasks = tasksOf(graph);
    const script = tasks.find((task) => does(task, "v8.evaluateModule"));
    const paint = tasks.find((task) => does(task, "Paint"));
    if (script && paint) move(script, paint, ["UpdateLayoutTree", "Layout"]);
  },
  // The stylesheet parsed within the first parse of the HTML, as an inline one is.
  "stylesheet in first parse": (graph) => {
    const tasks = tasksOf(graph);
    const parse = tasks.find((task) => does(task, "ParseHTML"));
    for (const task of tasks)
      if (parse && does(task, "ParseAuthorStyleSheet")) move(task, parse, ["ParseAuthorStyleSheet"]);
  },
  // Every task half as long: a page with half the main thread's work, or a machine twice as fast.
  "half the work": (graph) => {
    for (const task of tasksOf(graph)) lengthen(task, -task.duration / 2);
  },
};

type Saved = SimulationInput & { page: string; reported: number | null };
const byPage = new Map<string, Map<string, number[]>>();
const files = readdirSync(folder)
  .filter((file) => file.endsWith(".json"))
  .sort();
for (const file of files) {
  const figures: string[] = [];
  let reported: number | null = null;
  for (const [name, change] of Object.entries(CHANGES)) {
    // Read afresh for each change: a change alters the run's tasks in place.
    const saved = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as Saved;
    reported = saved.reported;
    const { blocking } = await simulate(saved, change);
    figures.push(`${name} ${Math.round(blocking.timing)}`);
    const page = byPage.get(saved.page) ?? new Map<string, number[]>();
    byPage.set(saved.page, page.set(name, [...(page.get(name) ?? []), blocking.timing]));
  }
  // "as traced" replays the run unchanged: it reads what Lighthouse reported, or the replay is off.
  const asReported = reported === null ? "" : ` (Lighthouse reported ${Math.round(reported)})`;
  console.log(`  ${file}: TBT ${figures.join(" · ")} ms${asReported}`);
}
console.log(`Medians of total blocking time over ${files.length} runs:`);
for (const [page, byChange] of byPage) {
  const medians = [...byChange].map(([name, values]) => `${name} ${Math.round(median(values))} ms`);
  console.log(`  ${page.padEnd(18)} ${medians.join(" · ")}`);
}
