import { useEffect, useState } from "react";
import {
  CONFIG_POLL_INTERVAL_MS,
  CONFIG_POLL_RETRIES,
  GIVEAWAY_DEFAULTS,
  type GiveawayConfig,
  giveawayConfig,
} from "#domain/loyalty/giveaway.ts";

/** One ask for the configuration: the answer's body, or a throw (network down, an error status). */
export type ConfigFetch = () => Promise<unknown>;

/** Reads an answer as a configuration, by the spec §5 rule; null when it is not one at all. */
export function readConfig(body: unknown): GiveawayConfig | null {
  if (typeof body !== "object" || body === null || !("isActive" in body) || !("entriesMultiplier" in body))
    return null;
  const b = body as { isActive: unknown; entriesMultiplier: unknown };
  return giveawayConfig(b.isActive === true, b.entriesMultiplier);
}

/**
 * Spec §4/§9: asks for the giveaway's configuration, and when that fails asks again up to `retries` more times,
 * `intervalMs` apart; after that, the defaults (inactive, multiplier 50) stand.
 */
export async function pollGiveawayConfig(
  fetchConfig: ConfigFetch,
  opts: { retries?: number; intervalMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<GiveawayConfig> {
  const retries = opts.retries ?? CONFIG_POLL_RETRIES;
  const intervalMs = opts.intervalMs ?? CONFIG_POLL_INTERVAL_MS;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(intervalMs);
    try {
      const config = readConfig(await fetchConfig());
      if (config) return config;
    } catch {
      // Asked again after the interval.
    }
  }
  return { ...GIVEAWAY_DEFAULTS };
}

/** GET /giveaway/config from the browser: the body, or a throw on an error status. */
export async function fetchGiveawayConfig(): Promise<unknown> {
  const res = await fetch("/giveaway/config", { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`giveaway config: ${res.status}`);
  return res.json();
}

/**
 * The giveaway's configuration in a page: what the server rendered with (or the defaults), then what the browser's
 * own polling gets.
 */
export function useGiveawayConfig(initial: GiveawayConfig | null): GiveawayConfig {
  const [config, setConfig] = useState<GiveawayConfig>(initial ?? GIVEAWAY_DEFAULTS);
  useEffect(() => {
    let live = true;
    void pollGiveawayConfig(fetchGiveawayConfig).then((c) => {
      if (live) setConfig(c);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}
