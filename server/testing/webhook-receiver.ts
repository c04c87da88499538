import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { WhatsappSettings } from "../messaging/messaging-settings.ts";
import { receiveWhatsappStatus, whatsappHandshake } from "../messaging/whatsapp-webhook.ts";

/**
 * An HTTP endpoint over the WhatsApp webhook services, for tests: GET answers Meta's handshake,
 * POST hands the raw body and its X-Hub-Signature-256 to `receiveWhatsappStatus`; a refusal
 * answers its status. (The shop's own route is a thin layer over the same two services.)
 */
export async function startWebhookReceiver(
  db: Db,
  settings: Pick<WhatsappSettings, "appSecret" | "verifyToken">,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    const answer = (status: number, text: string) => {
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(text);
    };
    try {
      const url = new URL(request.url ?? "/", "http://receiver");
      if (request.method === "GET") {
        const query = url.searchParams;
        const mode = query.get("hub.mode");
        const verifyToken = query.get("hub.verify_token");
        const challenge = query.get("hub.challenge");
        return answer(200, whatsappHandshake(settings, { mode, verifyToken, challenge }));
      }
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      await receiveWhatsappStatus(db, settings, Buffer.concat(chunks), request.headers["x-hub-signature-256"]);
      return answer(200, "ok");
    } catch (error) {
      return answer(error instanceof AppError ? error.status : 500, error instanceof Error ? error.message : "");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/whatsapp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
