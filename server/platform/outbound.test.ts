import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkedLookup, checkUrl, fetchText, refusedAddress, refusedUrl } from "./outbound.ts";

describe("addresses a user-given fetch may not reach", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "::1",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::",
    "fd00:ec2::254",
    "fe80::1",
    "::ffff:10.0.0.1",
    "::ffff:127.0.0.1",
    "224.0.0.1",
  ])("refuses %s", (ip) => {
    expect(refusedAddress(ip, false)).not.toBeNull();
  });

  it("lets public addresses through, and loopback only when local fetches are allowed (tests)", () => {
    expect(refusedAddress("93.184.215.14", false)).toBeNull();
    expect(refusedAddress("2606:2800:21f:cb07:6820:80da:af6b:8b2c", false)).toBeNull();
    expect(refusedAddress("127.0.0.1", true)).toBeNull();
    expect(refusedAddress("10.0.0.1", true)).not.toBeNull();
  });

  it("refuses other schemes than https, URLs carrying a password, literal and named local hosts", () => {
    expect(refusedUrl("http://shop.example/feed.csv", false)).toMatch(/https:\/\//);
    expect(refusedUrl("ftp://shop.example/feed.csv", true)).toMatch(/https:\/\//);
    expect(refusedUrl("file:///etc/passwd", false)).toMatch(/https:\/\//);
    expect(refusedUrl("https://user:pw@shop.example/feed.csv", false)).toMatch(/credentials/);
    expect(refusedUrl("https://169.254.169.254/latest/meta-data/", false)).toMatch(/metadata/);
    expect(refusedUrl("https://[::1]/feed.csv", false)).toMatch(/loopback/);
    expect(refusedUrl("https://localhost/feed.csv", false)).toMatch(/loopback/);
    expect(refusedUrl("https://shop.example/feed.csv", false)).toBeNull();
    expect(refusedUrl("http://127.0.0.1:8080/feed.csv", true)).toBeNull();
  });
});

describe("fetching a user-given address", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/redirect-out") {
        res.writeHead(302, { location: "http://10.0.0.1/feed.csv" });
        return res.end();
      }
      res.end("a,b\n1,2\n");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const opts = { allowLocal: true, timeoutMs: 2000, maxBytes: 1000 };

  it("checks a host name's addresses as it connects: a name for this machine is refused", async () => {
    expect(await checkUrl(`${base.replace("http://127.0.0.1", "https://localhost")}/`, false)).toMatch(
      /loopback/,
    );
    expect(refusedUrl("https://localhost./feed.csv", false)).toMatch(/loopback/);
    // The connection's own lookup: whatever a name resolved to when the address was saved, it is judged again here.
    const looked = (allowLocal: boolean) =>
      new Promise<Error | null>((resolve) =>
        checkedLookup(allowLocal)("localhost", { all: true }, (err) => resolve(err)),
      );
    expect((await looked(false))?.message).toMatch(/loopback/);
    expect(await looked(true)).toBeNull();
  });

  it("follows a redirect only where it may go", async () => {
    expect(await fetchText(`${base}/`, opts)).toEqual({ ok: true, text: "a,b\n1,2\n", bytes: 8 });
    const out = await fetchText(`${base}/redirect-out`, opts);
    expect(out).toMatchObject({ ok: false, failure: { kind: "refused" } });
  });
});
