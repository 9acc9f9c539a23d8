/** URL prefixes served by the JSON API (spec §7); everything else is a storefront page. */
const API_PREFIXES = [
  "/menu/",
  "/auth/",
  "/order/",
  "/copy",
  "/me",
  "/cards",
  "/promos",
  "/customer/",
  "/users/",
  "/event/",
  "/giveaway/",
  "/e",
  "/mc/",
  "/openapi",
  "/api/",
  // The operator's endpoints (health, readiness, metrics): machine answers, not pages.
  "/healthz",
  "/readyz",
  "/metrics",
];

export function isApiPath(url: string): boolean {
  const pathname = url.split("?")[0];
  return API_PREFIXES.some((prefix) =>
    prefix.endsWith("/")
      ? pathname.startsWith(prefix)
      : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
