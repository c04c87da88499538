import net from "node:net";

export type TcpProxy = {
  /** The port the proxy listens on (127.0.0.1). */
  port: number;
  /** `url` (a database's address) pointed at the proxy instead of its own host and port. */
  through: (url: string) => string;
  /**
   * A network cut, as the shop sees a database that stops: every open connection is reset, and
   * every new one is reset as soon as it arrives, until `restore`.
   */
  cut: () => void;
  /** Connections refused since the last cut: how often the shop has tried again meanwhile. */
  refused: () => number;
  /** Relays new connections again. */
  restore: () => void;
  close: () => Promise<void>;
};

/**
 * A TCP relay on 127.0.0.1 in front of a server (a PostgreSQL database), for tests and benchmarks of
 * what the shop does when the server goes away: the shop is given the proxy's address, and `cut`
 * takes the server away from it without stopping the server, which others keep using.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let cut = false;
  let refused = 0;
  const relay = (client: net.Socket) => {
    client.on("error", () => {});
    if (cut) {
      refused++;
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(client).add(upstream);
    const drop = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      socket.on("error", drop);
      socket.on("close", drop);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const server = net.createServer(relay);
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
  });

  return {
    port,
    through(url) {
      const address = new URL(url);
      address.hostname = "127.0.0.1";
      address.port = String(port);
      return address.toString();
    },
    cut() {
      cut = true;
      refused = 0;
      // A reset, not a polite end: what the shop sees when its database's host goes away.
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    refused: () => refused,
    restore() {
      cut = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      open.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
