import { mailWithAccountLink } from "./accounts/account-links.ts";
import type { Db } from "./db/schema.ts";
import type { LinkMaker } from "./mail/mail.schemas.ts";
import { invitationMailAtSending } from "./staff/staff-invitations.service.ts";

/*
 * The rooms whose mails carry a one-time link made as the mail is sent (record 33): accounts'
 * reset and confirmation links, and the staff's invitations (record 45). The mail worker is handed
 * this where the shop starts; mail itself imports neither room.
 */
export function shopLinkMaker(db: Db): LinkMaker {
  return (request, now) =>
    request.kind === "staff-invitation"
      ? invitationMailAtSending(db, request, now)
      : mailWithAccountLink(db, request, now);
}
