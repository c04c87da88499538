import type { Executor } from "../db/schema.ts";

/*
 * A machine's process, after Vendure's OrderProcess (record 37): the machine (server/orders,
 * server/returns) owns its states, the moves its table allows, the locked read and the guarded
 * update; the rooms that react to a move contribute, from their own room, the conditions an item
 * must meet to arrive at a state (guards) and what arriving there does (effects). One composition
 * step (server/shop-processes.ts) lists the parts in the order their effects run and installs the
 * composed process; a machine refuses to move anything until one is installed.
 */

/**
 * A condition for arriving at a state; it throws the refusal (an AppError) when it is not met. It
 * may read what its own room keeps, in the move's transaction (`trx`), before anything is written.
 */
export type Guard<Subject> = (subject: Subject, trx: Executor) => void | Promise<void>;

/** What arriving at a state does, inside the move's transaction. */
export type Effect<Move> = (move: Move) => Promise<void>;

/** What one room contributes to a machine: guards and effects by the state they arrive at. */
export type ProcessPart<State extends string, Subject, Move> = {
  /** The room contributing it, as the description of the process names it. */
  room: string;
  guards?: Partial<Record<State, readonly Guard<Subject>[]>>;
  effects?: Partial<Record<State, readonly Effect<Move>[]>>;
};

/** A machine's composed process: every part's guards and effects per state, in the parts' order. */
export type Process<State extends string, Subject, Move> = {
  guardsOf: (state: State) => readonly Guard<Subject>[];
  effectsOf: (state: State) => readonly Effect<Move>[];
  /** Per state, its guards and effects as "room.name", in the order they run. */
  describe: () => Record<State, { guards: string[]; effects: string[] }>;
};

/**
 * Composes a machine's parts: for each state, the guards and then the effects of every part, in
 * the order the parts are listed (so the list says, for instance, that the mail goes after the
 * documents and the refunds it names).
 */
export function composeProcess<State extends string, Subject, Move>(
  states: readonly State[],
  parts: readonly ProcessPart<State, Subject, Move>[],
): Process<State, Subject, Move> {
  const guards = new Map<State, { room: string; guard: Guard<Subject> }[]>();
  const effects = new Map<State, { room: string; effect: Effect<Move> }[]>();
  for (const state of states) {
    guards.set(
      state,
      parts.flatMap((part) => (part.guards?.[state] ?? []).map((guard) => ({ room: part.room, guard }))),
    );
    effects.set(
      state,
      parts.flatMap((part) => (part.effects?.[state] ?? []).map((effect) => ({ room: part.room, effect }))),
    );
  }
  for (const part of parts) {
    for (const state of [...Object.keys(part.guards ?? {}), ...Object.keys(part.effects ?? {})]) {
      if (!states.includes(state as State))
        throw new Error(`${part.room} names a state the machine has not: ${state}.`);
    }
  }
  const named = (room: string, fn: { name: string }) => `${room}.${fn.name || "(unnamed)"}`;
  return {
    guardsOf: (state) => (guards.get(state) ?? []).map(({ guard }) => guard),
    effectsOf: (state) => (effects.get(state) ?? []).map(({ effect }) => effect),
    describe: () =>
      Object.fromEntries(
        states.map((state) => [
          state,
          {
            guards: (guards.get(state) ?? []).map(({ room, guard }) => named(room, guard)),
            effects: (effects.get(state) ?? []).map(({ room, effect }) => named(room, effect)),
          },
        ]),
      ) as Record<State, { guards: string[]; effects: string[] }>,
  };
}

/**
 * Where a machine finds the process the shop composed from its states. Empty until the composition
 * step installs one, and then a machine that is asked to move refuses loudly: a move without its
 * effects (no restock, no refund, no mail) must never happen silently.
 */
export class ProcessSlot<State extends string, Subject, Move> {
  readonly #machine: string;
  readonly #states: readonly State[];
  #installed: Process<State, Subject, Move> | null = null;

  constructor(machine: string, states: readonly State[]) {
    this.#machine = machine;
    this.#states = states;
  }

  /** Composes this machine's process from its parts, listed in the order their effects run. */
  compose(parts: readonly ProcessPart<State, Subject, Move>[]): Process<State, Subject, Move> {
    return composeProcess(this.#states, parts);
  }

  install(process: Process<State, Subject, Move>): void {
    this.#installed = process;
  }

  installed(): Process<State, Subject, Move> {
    if (!this.#installed) {
      throw new Error(
        `No ${this.#machine} process is composed, so no ${this.#machine} may move: run composeShopProcesses() (server/shop-processes.ts) first, as the bootstrap and the test setup do.`,
      );
    }
    return this.#installed;
  }

  /** Takes the installed process out (null when there is none): for the test of a machine without one. */
  uninstall(): Process<State, Subject, Move> | null {
    const installed = this.#installed;
    this.#installed = null;
    return installed;
  }
}
