/**
 * One Lighthouse 12 mobile run (its defaults: simulated slow 4G and 4× CPU) in a fresh headless Chromium: the
 * report, or why there is none. The bench's scores (bench/run.ts) and first-paint comparison (bench/first-paint.ts)
 * both run through it.
 */
import type { Result } from "lighthouse";

export async function lighthouseOnce(
  url: string,
  chromiumPath: string,
  /** Sent with every request of the page (a signed-in shopper's Cookie). */
  extraHeaders?: Record<string, string>,
): Promise<{ lhr: Result } | { error: string }> {
  const { launch } = await import("chrome-launcher");
  const lighthouse = (await import("lighthouse")).default;
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ["performance"],
      logLevel: "error",
      extraHeaders,
    });
    // A run Lighthouse could not finish scores null (0 in its report): say why instead of printing a 0.
    if (!result) return { error: "no result" };
    const error = result.lhr.runtimeError;
    return error ? { error: error.code } : { lhr: result.lhr };
  } finally {
    chrome.kill();
  }
}
