/**
 * A page that is the same for every anonymous shopper of a store exports `handle = { sharedPage: true }`: the server
 * renders it once for all of them and keeps it a few seconds (docs/adr/0042-shared-page-cache.md). Its loaders must
 * not depend on who the shopper is beyond the stores serving their address; the root loads the personal parts.
 */
export interface SharedPageHandle {
  sharedPage?: boolean;
}

export const SHARED_PAGE: SharedPageHandle = { sharedPage: true };
