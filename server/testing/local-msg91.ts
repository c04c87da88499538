import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A stand-in for MSG91's send-template (flow) API, for tests: POST /api/v5/flow/ with the authkey
 * header and a JSON body, answered as MSG91 answers, `{ "type": "success", "message": "<request
 * id>" }`, or `"type": "error"` with its reason. It records every request as it came.
 */

export type FlowRequest = { authkey: string | undefined; body: Record<string, unknown> };

export class LocalMsg91 {
  readonly authKey: string;
  readonly requests: FlowRequest[] = [];
  /** The MSG91 template ids it knows; others are refused. */
  readonly templateIds: Set<string>;
  #server: Server | null = null;
  #url = "";

  constructor(options: { authKey?: string; templateIds?: string[] } = {}) {
    this.authKey = options.authKey ?? "localmsg91authkey0000";
    this.templateIds = new Set(options.templateIds ?? []);
  }

  get url(): string {
    return this.#url;
  }

  /** SMS_URL for a shop sending through this stand-in. */
  smsUrl(sender = "KESARS"): string {
    return `msg91://${this.authKey}@?sender=${sender}&api=${this.#url}`;
  }

  async start(): Promise<this> {
    const server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        // An unreadable body is refused below, as any body without a template is.
      }
      const authkey = request.headers.authkey as string | undefined;
      this.requests.push({ authkey, body });
      const answer = (status: number, json: object) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(json));
      };
      if (request.method !== "POST" || request.url !== "/api/v5/flow/")
        return answer(404, { type: "error", message: "Not found" });
      if (authkey !== this.authKey) return answer(401, { type: "error", message: "Authentication failure" });
      if (!this.templateIds.has(String(body.template_id))) {
        return answer(400, { type: "error", message: "Template ID Missing or Invalid" });
      }
      return answer(200, { type: "success", message: randomBytes(12).toString("hex") });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.#server = server;
    this.#url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.#server?.closeAllConnections();
      this.#server?.close(() => resolve());
    });
  }
}
