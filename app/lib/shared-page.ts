/**
 * A page that is the same for every shopper of a store exports `handle = { sharedPage: true }` (or a rule of the
 * path): the server renders it once for all of them and keeps it a few seconds (docs/adr/0042-shared-page-cache.md).
 * Its loaders must not depend on who the shopper is beyond the stores serving their address; the root loads the
 * personal parts in the browser.
 *
 * A personal page (orders, account, tracking) exports `handle = PERSONAL_FRAME` instead: for a browser that runs our
 * scripts its document is a frame shared like any other page — the shell and the page's heading, nobody's data —
 * and the page's data comes from the API in the browser (docs/adr/0046-personal-page-frames.md). Other requests
 * (a first visit, no JavaScript, the apps) and client navigations get the page rendered whole for the shopper.
 */
export interface SharedPageHandle {
  sharedPage?: boolean | "frame" | ((pathname: string) => boolean);
}

export const SHARED_PAGE: SharedPageHandle = { sharedPage: true };
export const PERSONAL_FRAME: SharedPageHandle = { sharedPage: "frame" };

/** Set by the browser once our scripts have run in it: its personal pages may come as frames. */
export const SCRIPTS_COOKIE = "nc_js";

/**
 * Called once a page has hydrated. Only the next document request reads the flag, so it is written when the
 * browser is idle: `document.cookie` is a synchronous call to the browser's cookie store, a few milliseconds on a
 * phone, that need not sit in the task that makes the page interactive (ADR 48).
 */
export function noteScriptsRun(): void {
  if (typeof document === "undefined") return;
  const note = () => {
    if (document.cookie.includes(`${SCRIPTS_COOKIE}=1`)) return;
    // biome-ignore lint/suspicious/noDocumentCookie: one constant flag; the Cookie Store API is not in every browser we serve
    document.cookie = `${SCRIPTS_COOKIE}=1; path=/; max-age=31536000; samesite=lax`;
  };
  if (typeof requestIdleCallback === "function") requestIdleCallback(note, { timeout: 2000 });
  else setTimeout(note, 0);
}

/**
 * A personal page's client loader: the server's data when the document or a navigation brought it, else (a frame)
 * the same data loaded through the API from the browser.
 */
export async function serverDataOr<T>(
  serverLoader: () => Promise<T | null>,
  load: () => Promise<T>,
): Promise<T> {
  return (await serverLoader()) ?? load();
}
