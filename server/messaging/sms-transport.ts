import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { nationalNumber } from "#core/phone.ts";
import type { OutgoingSms, SendReceipt } from "./messaging.schemas.ts";
import { PermanentSendError } from "./messaging.schemas.ts";
import type { SmsGateway } from "./messaging-settings.ts";

/** Where SMS go: files in a folder, or a gateway. */
export type SmsTransport = { send: (sms: OutgoingSms) => Promise<SendReceipt>; close: () => void };

/** How long one call to the gateway may take before the worker gives up on it and tries later. */
const CALL_TIMEOUT_MS = 10_000;

/**
 * SMS_URL chooses the transport. `file:<folder>` (the default) writes each SMS as one JSON file,
 * `{ to, template, dltTemplateId, text }`, so a shop runs with no gateway and a developer can read
 * the codes it sends. `msg91://…` sends through MSG91's send-template (flow) API. Kesar makes and
 * checks its own codes: the gateway only delivers a registered template with the values given.
 */
export function createSmsTransport(gateway: SmsGateway): SmsTransport {
  return gateway.kind === "file" ? fileSmsTransport(gateway.folder) : msg91Transport(gateway);
}

function fileSmsTransport(folder: string): SmsTransport {
  return {
    send: async (sms) => {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.json`;
      const body = { to: sms.to, template: sms.template, dltTemplateId: sms.dltTemplateId, text: sms.text };
      // Written under another name first, so a reader never opens half a message; the owner's only,
      // as it may hold a sign-in code.
      const temporary = path.join(folder, `.${name}.part`);
      await writeFile(temporary, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      await rename(temporary, path.join(folder, name));
      return { providerMessageId: null };
    },
    close: () => {},
  };
}

/**
 * MSG91's flow API: POST /api/v5/flow/ with the authkey header, the MSG91 template (which carries
 * the DLT template id and text as registered), the DLT header as sender, and per recipient the
 * number (91 and ten digits) and the template's variables by name. It answers
 * `{ "type": "success", "message": "<request id>" }`, or `"type": "error"` with the reason.
 */
function msg91Transport(gateway: Extract<SmsGateway, { kind: "msg91" }>): SmsTransport {
  return {
    send: async (sms) => {
      if (!sms.msg91TemplateId) throw new PermanentSendError(`No MSG91 template id for ${sms.template}.`);
      const recipient: Record<string, string> = { mobiles: `91${nationalNumber(sms.to)}` };
      for (const { name, value } of sms.values) recipient[name] = value;
      const response = await fetch(`${gateway.apiUrl}/api/v5/flow/`, {
        method: "POST",
        headers: { authkey: gateway.authKey, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          template_id: sms.msg91TemplateId,
          sender: gateway.sender,
          short_url: "0",
          recipients: [recipient],
        }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => ({}))) as { type?: string; message?: string };
      if (response.ok && answer.type === "success") return { providerMessageId: String(answer.message ?? "") || null };
      const reason = `MSG91 answered ${response.status}: ${String(answer.message ?? "no reason given").slice(0, 200)}`;
      // A refused key or request will be refused again; a busy or broken gateway may not be.
      if (response.status === 401 || response.status === 400) throw new PermanentSendError(reason);
      throw new Error(reason);
    },
    close: () => {},
  };
}
