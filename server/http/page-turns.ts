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
 * whatever happens, so that a client that reads slowly keeps no one waiting for long. A client that
 * goes away while it waits leaves the line: at the end of a crowd's visit (a hundred browsers closed
 * at once) their places would otherwise each have held a turn for the whole lease.
 */
export function registerPageTurns(pages: FastifyInstance, atOnce: number, leaseMs = 2_000): Turns {
  const turns = new Turns(atOnce, leaseMs);
  const held = new WeakMap<FastifyRequest, () => void>();
  const inLine = new WeakMap<FastifyRequest, AbortController>();
  pages.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const waiting = new AbortController();
    inLine.set(request, waiting);
    const giveBack = await turns.take(waiting.signal).catch(() => undefined);
    inLine.delete(request);
    // A client that went away while it waited leaves the line: no turn, and no page made for no one.
    if (!giveBack) return void reply.hijack();
    held.set(request, giveBack);
  });
  const giveBack = async (request: FastifyRequest) => held.get(request)?.();
  pages.addHook("onResponse", giveBack);
  pages.addHook("onRequestAbort", async (request) => {
    inLine.get(request)?.abort();
    held.get(request)?.();
  });
  pages.addHook("onError", giveBack);
  return turns;
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

  /**
   * Waits for a turn; the function returned gives it back (the first call does, later ones nothing).
   * Aborting `signal` while in line leaves the line, and the wait fails with the signal's reason.
   */
  async take(signal?: AbortSignal): Promise<() => void> {
    if (this.#running < this.#atOnce) this.#running++;
    else await this.#inLine(signal);
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

  #inLine(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((admitted, left) => {
      const admit = () => {
        signal?.removeEventListener("abort", leave);
        admitted();
      };
      const leave = () => {
        const place = this.#waiting.indexOf(admit);
        if (place >= 0) this.#waiting.splice(place, 1);
        left(signal?.reason);
      };
      this.#waiting.push(admit);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }

  /** How many are working and how many wait. */
  get state(): { working: number; waiting: number } {
    return { working: this.#running, waiting: this.#waiting.length };
  }
}
