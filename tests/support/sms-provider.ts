import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedText {
  accountSid: string;
  authorization: string | undefined;
  to: string;
  from: string;
  body: string;
}

/**
 * A local stand-in for a Twilio-style SMS API (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic
 * auth). `answer(n)` gives the status for the n-th request (1-based): 201 accepts it with a message sid; any other
 * status refuses it with a Twilio-shaped error body.
 */
export async function startSmsProvider(answer: (n: number) => number = () => 201) {
  const received: ReceivedText[] = [];
  let requests = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests++;
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? "");
      const status = match && req.method === "POST" ? answer(requests) : 404;
      res.setHeader("content-type", "application/json");
      if (status !== 201 || !match) {
        res.statusCode = status;
        const code = status === 400 ? 21211 : status === 429 ? 20429 : 20500;
        return res.end(JSON.stringify({ code, message: `Refused with ${status}`, status }));
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      received.push({
        accountSid: decodeURIComponent(match[1]),
        authorization: req.headers.authorization,
        to: form.get("To") ?? "",
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
      });
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${String(received.length).padStart(32, "0")}`, status: "queued" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
