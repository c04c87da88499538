import fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { registerPageTurns, Turns } from "./page-turns.ts";

describe("page views in turn", () => {
  it("works on at most so many at once, and lets the others in in the order they came", async () => {
    const turns = new Turns(2, 60_000);
    const first = await turns.take();
    const second = await turns.take();
    const order: string[] = [];
    const inLine = (name: string) =>
      turns.take().then((giveBack) => {
        order.push(name);
        return giveBack;
      });
    const third = inLine("third");
    const fourth = inLine("fourth");
    expect(turns.state).toEqual({ working: 2, waiting: 2 });
    second();
    second(); // given back once only: the fourth still waits
    (await third)();
    first();
    (await fourth)();
    expect(order).toEqual(["third", "fourth"]);
    expect(turns.state).toEqual({ working: 0, waiting: 0 });
  });

  it("takes a turn back after its lease from a holder that never gives it back", async () => {
    const turns = new Turns(1, 50);
    await turns.take();
    const next = await turns.take();
    expect(turns.state).toEqual({ working: 1, waiting: 0 });
    next();
  });
});

describe("page views in turn over HTTP", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** A server with one turn: /slow holds it until released; the lease is long, so only the hooks give it back. */
  async function oneTurnServer() {
    const app = fastify();
    let turns: Turns | undefined;
    let release: () => void = () => {};
    const slowStarted = new Promise<void>((started) => {
      app.register(async (pages) => {
        turns = registerPageTurns(pages, 1, 60_000);
        pages.get("/slow", async () => {
          started();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return "slow";
        });
        pages.get("/quick", async () => "quick");
        pages.post("/form", async () => "posted");
      });
    });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    close = () => app.close();
    return { base, slowStarted, release: () => release(), turns: () => turns?.state };
  }

  it("never queues a form's post behind the pages being worked on", async () => {
    const server = await oneTurnServer();
    const slow = fetch(`${server.base}/slow`);
    await server.slowStarted;
    const posted = await fetch(`${server.base}/form`, { method: "POST", body: "a=1" });
    expect(await posted.text()).toBe("posted");
    server.release();
    expect(await (await slow).text()).toBe("slow");
  });

  it("gives a turn back when its client goes away, not at the end of the lease", async () => {
    const server = await oneTurnServer();
    const leaving = new AbortController();
    const abandoned = fetch(`${server.base}/slow`, { signal: leaving.signal }).catch(() => null);
    await server.slowStarted;
    leaving.abort();
    await abandoned;
    // The next page is served although the abandoned one's handler still runs: its turn came back.
    expect(await (await fetch(`${server.base}/quick`)).text()).toBe("quick");
    server.release();
  });

  it("lets no one wait behind a client that went away while it waited in line", async () => {
    const server = await oneTurnServer();
    const slow = fetch(`${server.base}/slow`);
    await server.slowStarted;
    const leaving = new AbortController();
    const abandoned = fetch(`${server.base}/quick`, { signal: leaving.signal }).catch(() => null);
    await expect.poll(() => server.turns(), { timeout: 5_000 }).toEqual({ working: 1, waiting: 1 });
    leaving.abort();
    await abandoned;
    await expect.poll(() => server.turns(), { timeout: 5_000 }).toEqual({ working: 1, waiting: 0 });
    server.release();
    expect(await (await slow).text()).toBe("slow");
    // The lease is a minute long: only giving the abandoned place back lets this page through now.
    const next = await fetch(`${server.base}/quick`, { signal: AbortSignal.timeout(5_000) });
    expect(await next.text()).toBe("quick");
    expect(server.turns()).toEqual({ working: 0, waiting: 0 });
  });
});
