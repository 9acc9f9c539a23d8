import { useRouteLoaderData } from "react-router";

/**
 * What the root route's loader hands every page for inline scripts: the response's CSP nonce. Read here by the
 * route's id, not through root.tsx's own type, because the pieces the root's shell renders would then import the
 * root (a circle); root.tsx checks that its loader's data has this shape.
 */
export interface NonceData {
  nonce: string;
}

/** The response's CSP nonce, for an inline script (undefined outside the root's loader). */
export function useNonce(): string | undefined {
  return useRouteLoaderData<NonceData>("root")?.nonce;
}
