import { nationalNumber } from "#core/phone.ts";
import type { OutgoingWhatsapp, SendReceipt } from "./messaging.schemas.ts";
import { PermanentSendError } from "./messaging.schemas.ts";
import type { WhatsappSettings } from "./messaging-settings.ts";

export type WhatsappTransport = { send: (message: OutgoingWhatsapp) => Promise<SendReceipt> };

const CALL_TIMEOUT_MS = 10_000;

/**
 * Graph API error codes that sending again will not cure: the template or its language does not
 * exist or is not approved (132001), its parameters do not fit (132000, 132012), a number outside
 * the allowed list (131030), a bad parameter (100), a user who cannot receive it (131026), an
 * account or token refused (190, 10, 200–299 are handled as a 401/403 too).
 */
const PERMANENT_CODES = new Set([100, 131008, 131009, 131026, 131030, 131051, 132000, 132001, 132012, 132015, 132016]);

/**
 * The WhatsApp Cloud API: a business-initiated message is an approved template, sent with
 * POST {api}/{phone number id}/messages and the access token. The answer carries the message's id
 * (a "wamid"), which its status webhooks (sent, delivered, read, failed) name later.
 */
export function createWhatsappTransport(settings: WhatsappSettings): WhatsappTransport {
  return {
    send: async (message) => {
      const response = await fetch(`${settings.apiUrl}/${settings.phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json" },
        body: JSON.stringify(templateRequest(message)),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => ({}))) as GraphAnswer;
      const id = answer.messages?.[0]?.id;
      if (response.ok && typeof id === "string") return { providerMessageId: id };
      const code = answer.error?.code;
      const reason = `WhatsApp answered ${response.status}${code ? ` (#${code})` : ""}: ${String(
        answer.error?.error_data?.details ?? answer.error?.message ?? "no reason given",
      ).slice(0, 300)}`;
      const permanent =
        response.status === 401 || response.status === 403 || (code !== undefined && PERMANENT_CODES.has(code));
      throw permanent ? new PermanentSendError(reason) : new Error(reason);
    },
  };
}

type GraphAnswer = {
  messages?: { id?: unknown }[];
  error?: { message?: string; code?: number; error_data?: { details?: string } };
};

/** The body of a template message: the number without "+", the template, its language, its body's values. */
export function templateRequest(message: OutgoingWhatsapp) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: `91${nationalNumber(message.to)}`,
    type: "template",
    template: {
      name: message.templateName,
      language: { code: message.language },
      components: [{ type: "body", parameters: message.values.map((text) => ({ type: "text", text })) }],
    },
  };
}
