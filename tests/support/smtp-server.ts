import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  messageId: string | null;
  subject: string | null;
  raw: string;
}

/**
 * A real SMTP server on a free loopback port (the smtp-server package), for delivery tests. `refuse(n)` decides
 * the answer to the n-th message it is given (1-based): null accepts it, a reply code refuses it with that code.
 */
export async function startSmtpServer(refuse: (n: number) => number | null = () => null) {
  const received: ReceivedMail[] = [];
  let offered = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        offered++;
        const code = refuse(offered);
        if (code !== null) {
          const err = Object.assign(new Error(code >= 500 ? "Mailbox unavailable" : "Try again later"), {
            responseCode: code,
          });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(raw)?.[1]?.trim() ?? null;
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: header("Message-ID"),
          subject: header("Subject"),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** How many messages were offered (accepted or refused). */
    offered: () => offered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
