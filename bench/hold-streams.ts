/**
 * A crowd of idle tracking pages, in a process of its own (so the server's memory is measured alone): opens
 * `count` server-sent-event streams to `url` with `cookie`, a few hundred at a time, reads each one's first message,
 * says `ready <n>` on stdout, and holds them until its stdin closes.
 */
import http from "node:http";

const [url, cookie, countText] = process.argv.slice(2);
const count = Number(countText);
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const held: http.ClientRequest[] = [];

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.once("data", () => resolve());
      res.on("data", () => {});
    });
    req.on("error", reject);
    held.push(req);
  });
}

async function main() {
  const batch = 50;
  for (let i = 0; i < count; i += batch)
    await Promise.all(Array.from({ length: Math.min(batch, count - i) }, open));
  process.stdout.write(`ready ${held.length}\n`);
  process.stdin.resume();
  process.stdin.on("end", () => {
    for (const req of held) req.destroy();
    process.exit(0);
  });
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
