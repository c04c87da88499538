import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Page views served in turn (decision record 18, §21). Node works on every open request a slice at
 * a time, so that under a crowd each page took as long as the crowd made it, and a page that took
 * twice the work took twice as long again: the forms (a post and the page after it) made the
 * slowest hundredth. At most `atOnce` page views of a worker are now worked on at once; the others
 * wait in the order they came.
 *
 * Only GET and HEAD take turns: they carry no body, so no client can hold a turn by sending one
 * slowly, and a form that buys is never queued behind the pages being browsed. A turn is given back
 * when its answer has been handed to the network, when the client goes away, or after `leaseMs`
 * whatever happens, so that a client that reads slowly keeps no one waiting for long.
 */
export function registerPageTurns(pages: FastifyInstance, atOnce: number, leaseMs = 2_000): void {
  const turns = new Turns(atOnce, leaseMs);
  const held = new WeakMap<FastifyRequest, () => void>();
  pages.addHook("onRequest", async (request) => {
    if (request.method === "GET" || request.method === "HEAD") held.set(request, await turns.take());
  });
  const giveBack = async (request: FastifyRequest) => held.get(request)?.();
  pages.addHook("onResponse", giveBack);
  pages.addHook("onRequestAbort", giveBack);
  pages.addHook("onError", giveBack);
}

/** At most `atOnce` holders at a time; the rest wait, first come first served. */
export class Turns {
  readonly #atOnce: number;
  readonly #leaseMs: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(atOnce: number, leaseMs: number) {
    this.#atOnce = atOnce;
    this.#leaseMs = leaseMs;
  }

  /** Waits for a turn; the function returned gives it back (the first call does, later ones nothing). */
  async take(): Promise<() => void> {
    if (this.#running < this.#atOnce) this.#running++;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let held = true;
    const giveBack = () => {
      if (!held) return;
      held = false;
      clearTimeout(lease);
      // The turn passes straight to the next in line, so that no newcomer slips in ahead of it.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    };
    const lease = setTimeout(giveBack, this.#leaseMs);
    lease.unref();
    return giveBack;
  }

  /** How many are working and how many wait. */
  get state(): { working: number; waiting: number } {
    return { working: this.#running, waiting: this.#waiting.length };
  }
}
