import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  importGraph,
  importsOf,
  layerViolations,
  repositoryReaches,
  roomCycles,
  runtimeCycles,
} from "./import-graph.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the layers of the code", () => {
  const edges = importGraph(root, ["core", "server", "app", "scripts", "server.ts"]);

  it("keeps core/ alone, server/ off app/, repositories out of routes, migrations frozen, and the web out of the domain", () => {
    expect(edges.length).toBeGreaterThan(200);
    expect(layerViolations(edges)).toEqual([]);
  });

  it("keeps every room's repository to its room: another room calls its service (records 37 and 42)", () => {
    // No exceptions: the last eight (accounts, admin, cart, wishlist) call services since record 42.
    expect(repositoryReaches(edges)).toEqual([]);
  });

  it("has no import cycle that exists at run time, between files or between rooms", () => {
    expect(runtimeCycles(edges)).toEqual([]);
    expect(roomCycles(edges)).toEqual([]);
  });

  it("notices each kind of violation, and a cycle", () => {
    const bad = [
      ...importsOf("server/orders/orders.service.ts", 'import { redirect } from "react-router";'),
      ...importsOf("server/cart/cart.service.ts", 'import { actorOf } from "../http/session-middleware.ts";'),
      ...importsOf("server/http/frame.ts", 'import { Header } from "../../app/components/layout/header.tsx";'),
      ...importsOf("server/orders/orders.service.ts", 'import type { Toast } from "../../app/lib/toast.ts";'),
      ...importsOf("core/money.ts", 'import { AppError } from "#server/errors.ts";'),
      ...importsOf("core/dates.ts", 'import { format } from "date-fns";'),
      ...importsOf("app/routes/cart.tsx", 'import { findCart } from "#server/cart/cart.repository.ts";'),
      ...importsOf("server/db/migrations/0099_x.ts", 'import { suggestHsn } from "../../catalog/hsn.ts";'),
      ...importsOf("server/db/migrations/0099_x.ts", 'import { epochMillis } from "../migration-helpers.ts";'),
      ...importsOf("server/a/a.ts", 'import { b } from "../b/b.ts";'),
      ...importsOf("server/b/b.ts", 'import { a } from "#server/a/a.ts";'),
      ...importsOf("server/b/c.ts", 'import type { A } from "../a/types.ts";'),
    ];
    expect(layerViolations(bad)).toHaveLength(9);
    expect(
      repositoryReaches([
        ...importsOf(
          "server/returns/returns.service.ts",
          'import { findOrder } from "../orders/orders.repository.ts";',
        ),
        ...importsOf("server/orders/orders.service.ts", 'import { findOrder } from "./orders.repository.ts";'),
        ...importsOf("server/testing/returns.ts", 'import { findOrder } from "../orders/orders.repository.ts";'),
      ]),
    ).toEqual(["server/returns/returns.service.ts → server/orders/orders.repository.ts"]);
    expect(runtimeCycles(bad)).toEqual([["server/a/a.ts", "server/b/b.ts", "server/a/a.ts"]]);
    const typeLoop = [
      ...importsOf("server/a/x.ts", 'import type { B } from "../b/y.ts";'),
      ...importsOf("server/b/y.ts", 'import type { A } from "../a/z.ts";'),
    ];
    expect(runtimeCycles(typeLoop)).toEqual([]);
    expect(roomCycles(typeLoop)).toEqual([["server/a", "server/b", "server/a"]]);
  });
});
