import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SmtpSink = {
  url: string;
  received: ParsedMail[];
  /** While set, every recipient is refused with this reply, as a full or broken mailbox would be. */
  refuseWith: string | null;
  close: () => Promise<void>;
};

/** A real SMTP server in this process, on a free port of 127.0.0.1, that keeps what it is sent, parsed. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = { url: "", received: [], refuseWith: null, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Closing waits this long for clients to hang up (a pooled transport keeps its connection
    // open), then closes their connections itself: not the 30 s the server waits by default.
    closeTimeout: 200,
    onRcptTo(_address, _session, callback) {
      callback(sink.refuseWith ? Object.assign(new Error(sink.refuseWith), { responseCode: 550 }) : undefined);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          sink.received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
