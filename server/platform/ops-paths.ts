/** The operator's endpoints (health, readiness, metrics): not traffic, so neither measured nor traced. */
export const OPS_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);
