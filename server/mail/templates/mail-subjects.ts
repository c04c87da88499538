import type { MailMessage, QueuedMail } from "../mail.schemas.ts";
import { mailWords } from "./mail-words.ts";
import { returnStepWords } from "./return-mail-words.ts";

/*
 * What a message is called: the outbox keeps the subject when the message is queued, and the
 * admin's list shows it. Apart from the templates, so that queueing a message does not load the
 * library that renders them (only the process that sends mail does, when it first sends).
 */

/** The subject of a message: the outbox keeps it, the admin's list shows it. */
export function subjectOf(message: MailMessage | QueuedMail): string {
  switch (message.kind) {
    case "order-placed":
      return mailWords(message.payload.locale)("placed.subject", { number: message.payload.orderNumber });
    case "order-status":
      return mailWords(message.payload.locale)(`status.subject.${message.payload.status}`, {
        number: message.payload.orderNumber,
      });
    case "order-link":
      return mailWords(message.payload.locale)("link.subject", { number: message.payload.orderNumber });
    case "password-reset":
      return mailWords(message.payload.locale)("reset.subject");
    case "verify-email":
      return mailWords(message.payload.locale)("verify.subject");
    case "email-change-notice":
      return mailWords(message.payload.locale)("change.subject");
    case "staff-invitation":
      return "You are invited to the Kesar shop's staff";
    case "review-invitation":
      return mailWords(message.payload.locale)("review.subject", { number: message.payload.orderNumber });
    case "low-stock-digest": {
      const count = message.payload.sizes.length;
      return count === 1
        ? "Low stock: 1 size at its reorder point"
        : `Low stock: ${count} sizes at their reorder point`;
    }
    case "parcel-news":
      return mailWords(message.payload.locale)(
        message.payload.news === "out-for-delivery" ? "parcel.outSubject" : "parcel.failedSubject",
        { number: message.payload.orderNumber },
      );
    case "return-status":
      // The step in lower case after the colon: "Your return from order KSR-1: pickup scheduled".
      return mailWords(message.payload.locale)("return.subject", {
        number: message.payload.orderNumber,
        step: returnStepWords(message.payload).toLowerCase(),
      });
  }
}
