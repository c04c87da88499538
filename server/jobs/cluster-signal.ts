import cluster from "node:cluster";
import { EventEmitter } from "node:events";

const MESSAGE_PREFIX = "kesar:signal:";

export type ClusterSignal = {
  /** Tells this process's listeners and, through the cluster's primary, its sibling workers'. */
  announce: () => void;
  /** Calls `listener` on every announcement, in this process or a sibling worker; answers how to stop. */
  subscribe: (listener: () => void) => () => void;
};

/**
 * A "there may be something new" signal among the worker processes of one shop. It carries
 * nothing but its name: whoever hears it looks for itself, so a lost or doubled signal costs a
 * look, never a change. Workers on one machine hear each other through the primary
 * (`relayClusterSignals`); other nodes, which share only PostgreSQL, need a channel of their own
 * (the order feed's LISTEN/NOTIFY).
 */
export function clusterSignal(name: string): ClusterSignal {
  const type = `${MESSAGE_PREFIX}${name}`;
  const inProcess = new EventEmitter().setMaxListeners(0);
  let hearingSiblings = false;
  const hearSiblings = () => {
    if (hearingSiblings || !cluster.isWorker) return;
    hearingSiblings = true;
    process.on("message", (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type === type) inProcess.emit("signal");
    });
  };
  return {
    announce() {
      inProcess.emit("signal");
      if (cluster.isWorker) process.send?.({ type });
    },
    subscribe(listener) {
      hearSiblings();
      inProcess.on("signal", listener);
      return () => inProcess.off("signal", listener);
    },
  };
}

/** In the cluster's primary: passes each worker's signals on to the other workers. */
export function relayClusterSignals(): void {
  cluster.on("message", (sender, message: unknown) => {
    const type = (message as { type?: unknown } | null)?.type;
    if (typeof type !== "string" || !type.startsWith(MESSAGE_PREFIX)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== sender && worker.isConnected()) worker.send({ type });
    }
  });
}
