import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importGraph, importsOf, layerViolations, runtimeCycles } from "./import-graph.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the layers of the code", () => {
  const edges = importGraph(root, ["server", "app", "scripts", "server.ts"]);

  it("keeps the web framework and server/http out of the domain folders, and components out of server/", () => {
    expect(edges.length).toBeGreaterThan(200);
    expect(layerViolations(edges)).toEqual([]);
  });

  it("has no import cycle that exists at run time", () => {
    expect(runtimeCycles(edges)).toEqual([]);
  });

  it("notices a domain module that reaches for the web layer, and a cycle", () => {
    const bad = [
      ...importsOf("server/orders/orders.service.ts", 'import { redirect } from "react-router";'),
      ...importsOf("server/cart/cart.service.ts", 'import { actorOf } from "../http/session-middleware.ts";'),
      ...importsOf("server/http/frame.ts", 'import { Header } from "../../app/components/layout/header.tsx";'),
      ...importsOf("server/a/a.ts", 'import { b } from "../b/b.ts";'),
      ...importsOf("server/b/b.ts", 'import { a } from "#server/a/a.ts";'),
      ...importsOf("server/b/b.ts", 'import type { Db } from "../db/schema.ts";'),
    ];
    expect(layerViolations(bad)).toHaveLength(3);
    expect(runtimeCycles(bad)).toEqual([["server/a/a.ts", "server/b/b.ts", "server/a/a.ts"]]);
  });
});
