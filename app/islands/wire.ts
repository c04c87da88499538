import { ISLANDS } from "./registry.ts";

/**
 * Starts every island under `root` that has not started yet: each element names its island in
 * `data-island`. Answers once every island's start (some load code first) has finished.
 */
export async function wireIslands(root: ParentNode): Promise<void> {
  const starts: Promise<void>[] = [];
  for (const element of root.querySelectorAll<HTMLElement>("[data-island]")) {
    if (element.dataset.islandOn === "true") continue;
    element.dataset.islandOn = "true";
    const island = ISLANDS[element.dataset.island ?? ""];
    if (island) starts.push(Promise.resolve(island(element)).catch((error) => console.error(error)));
  }
  await Promise.all(starts);
}
