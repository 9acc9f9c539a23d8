import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAddress } from "#domain/geo/address.ts";
import { loadConfig } from "#server/config.ts";
import { createGeocoder } from "./geocoder.ts";
import { HostedGeocoder } from "./hosted-geocoder.ts";
import { OfflineGeocoder } from "./offline-geocoder.ts";

/** A loopback stand-in for a hosted geocoder speaking the Nominatim search format. */
describe("hosted geocoder adapter", () => {
  let server: http.Server;
  let base: string;
  const seen: { url: string; auth?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ url: req.url ?? "", auth: req.headers.authorization });
      const q = new URL(req.url ?? "", "http://x").searchParams.get("q") ?? "";
      if (q.includes("fail")) {
        res.writeHead(500).end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify([
          {
            lat: "40.7484",
            lon: "-73.9857",
            address: {
              house_number: "350",
              road: "5th Avenue",
              city: "New York",
              state: "New York",
              postcode: "10118-0110",
            },
          },
          { lat: "1", lon: "2", address: { road: "Nowhere" } },
        ]),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("geocodes through the service and reads its address details", async () => {
    const geocoder = new HostedGeocoder(base, "secret");
    const typed = "350 5th Ave, New York, NY";
    expect(await geocoder.geocode(parseAddress(typed), typed)).toEqual({
      lat: 40.7484,
      lng: -73.9857,
      city: "New York",
      state: "NY",
      zip: "10118",
      precision: "address",
    });
    const last = new URL(seen.at(-1)!.url, "http://x");
    expect(Object.fromEntries(last.searchParams)).toMatchObject({
      q: typed,
      format: "json",
      countrycodes: "us",
      limit: "1",
    });
    expect(seen.at(-1)!.auth).toBe("Bearer secret");
  });

  it("suggests complete addresses and skips results it cannot read", async () => {
    expect(await new HostedGeocoder(base).suggest("350 5th", 5)).toEqual([
      { address: "350 5th Avenue, New York, NY 10118", city: "New York", state: "NY", zip: "10118" },
    ]);
  });

  it("answers 502 when the service fails", async () => {
    await expect(new HostedGeocoder(base).suggest("fail", 5)).rejects.toMatchObject({
      status: 502,
      code: "geocoder_unavailable",
    });
  });

  it("is chosen by GEOCODER=hosted, which needs GEOCODER_URL", () => {
    expect(createGeocoder(loadConfig({ NODE_ENV: "test" }).geocoder)).toBeInstanceOf(OfflineGeocoder);
    expect(
      createGeocoder(loadConfig({ NODE_ENV: "test", GEOCODER: "hosted", GEOCODER_URL: base }).geocoder),
    ).toBeInstanceOf(HostedGeocoder);
    expect(() => loadConfig({ NODE_ENV: "test", GEOCODER: "hosted" })).toThrow(/GEOCODER_URL/);
  });
});
