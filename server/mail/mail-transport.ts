import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type OutgoingMail = { from: string; to: string; subject: string; html: string; text: string; messageId: string };

/** Where mail goes: a real server, or files in a folder. */
export type MailTransport = { send: (mail: OutgoingMail) => Promise<void>; close: () => void };

/**
 * MAIL_URL chooses the transport: `file:<dir>` writes every message as an RFC 5322 .eml file in
 * that folder (the default, so a shop runs with no mail server and a developer can open the
 * mails); `smtp://user:pass@host:port` or `smtps://…` sends through a real server, over a small
 * pool of connections.
 */
export function createMailTransport(mailUrl: string): MailTransport {
  if (mailUrl.startsWith("file:")) return fileTransport(path.resolve(mailUrl.slice("file:".length)));
  const transporter = nodemailer.createTransport(`${mailUrl}${mailUrl.includes("?") ? "&" : "?"}pool=true`);
  return {
    send: async (mail) => {
      await transporter.sendMail({ ...mail, headers: { "X-Mailer": "Kesar" } });
    },
    close: () => transporter.close(),
  };
}

function fileTransport(folder: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (mail) => {
      const info = await composer.sendMail(mail);
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      // Written under another name first, so a reader never opens half a message.
      const temporary = path.join(folder, `.${name}.part`);
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, path.join(folder, name));
    },
    close: () => composer.close(),
  };
}
