import { afterAll, beforeAll } from "vitest";
import {
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from "./stripe-stand-in.ts";

/**
 * A Stripe stand-in for an app a test builds after it: the environment naming the stand-in's keys and URL (plus
 * `extra`), filled before the app's hooks run. Call it before `useTestApp(…, { env })`: hooks run in the order they
 * were registered.
 */
export function useStripeStandIn(extra: Record<string, string> = {}) {
  let standIn: StripeStandIn | undefined;
  const env: Record<string, string> = {
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: STAND_IN_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    ...extra,
  };
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    env.STRIPE_API_URL = standIn.url;
  });
  afterAll(async () => standIn?.close());
  return {
    env,
    get standIn(): StripeStandIn {
      if (!standIn) throw new Error("useStripeStandIn: used before its beforeAll ran");
      return standIn;
    },
  };
}
