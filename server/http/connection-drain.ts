import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * The connections of a stopping shop, closed as soon as nothing is left to answer on them, so that
 * the stop waits for the requests in flight and for nothing else.
 *
 * Node closes the kept-alive connections that are idle when the server closes, but two kinds were
 * left to the drain's grace (10 s), and then cut together with any request still being answered:
 * - a connection on which nothing was ever asked (browsers and HTTP clients open them ahead of
 *   need): Node counts it as waiting for its first request;
 * - a kept-alive connection whose request was in flight when the stop began: once answered, it
 *   went back to waiting for the next one.
 */
export function drainableConnections(server: Server): { closeWhenAnswered: () => void } {
  const open = new Set<Socket>();
  const answering = new Map<Socket, ServerResponse>();
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => {
      open.delete(socket);
      answering.delete(socket);
    });
  });
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    answering.set(socket, response);
    response.once("close", () => {
      if (answering.get(socket) === response) answering.delete(socket);
    });
  });
  return {
    closeWhenAnswered: () => {
      for (const socket of open) {
        const response = answering.get(socket);
        if (response) {
          // Told in its headers when they are still to be sent; closed after its answer either way.
          if (!response.headersSent) response.setHeader("Connection", "close");
          response.once("finish", () => socket.end());
        } else if (socket.bytesRead === 0) {
          socket.destroy();
        }
        // Otherwise idle between requests (Node closes it) or part-way through sending the next
        // request, which is left to arrive and be answered.
      }
    },
  };
}
