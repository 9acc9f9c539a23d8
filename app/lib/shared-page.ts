/**
 * A page that is the same for every shopper of a store exports `handle = { sharedPage: true }` (or a rule of the
 * path): the server renders it once for all of them and keeps it a few seconds (docs/adr/0042-shared-page-cache.md).
 * Its loaders must not depend on who the shopper is beyond the stores serving their address; the root loads the
 * personal parts in the browser.
 */
export interface SharedPageHandle {
  sharedPage?: boolean | ((pathname: string) => boolean);
}

export const SHARED_PAGE: SharedPageHandle = { sharedPage: true };
