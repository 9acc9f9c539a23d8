import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { loadConfig } from "./config.ts";

describe("Web Push configuration", () => {
  const keys = webpush.generateVAPIDKeys();

  it("takes the VAPID pair and subject from the environment", () => {
    const config = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "mailto:ops@nightcap.example",
    });
    expect(config.push).toEqual({ vapid: keys, subject: "mailto:ops@nightcap.example" });
  });

  it("without keys, leaves them to the database; the subject is the https origin, else a mailto:", () => {
    expect(loadConfig({}).push).toEqual({ vapid: null, subject: "mailto:push@nightcap.localhost" });
    expect(loadConfig({ PUBLIC_ORIGIN: "https://nightcap.example/" }).push.subject).toBe(
      "https://nightcap.example",
    );
    expect(loadConfig({ PUBLIC_ORIGIN: "http://localhost:3000" }).push.subject).toBe(
      "mailto:push@nightcap.localhost",
    );
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: keys.publicKey }, "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together"],
    [{ VAPID_PRIVATE_KEY: keys.privateKey }, "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together"],
    [{ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: keys.privateKey }, "VAPID_PUBLIC_KEY must be"],
    [
      { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: `${keys.privateKey}=` },
      "VAPID_PRIVATE_KEY must be",
    ],
    [
      { VAPID_SUBJECT: "http://nightcap.example" },
      "VAPID_SUBJECT must be a mailto: address or an https:// URL",
    ],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
