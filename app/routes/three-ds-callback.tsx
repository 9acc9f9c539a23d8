import { Link, redirect } from "react-router";
import type { PlaceOrderAnswer } from "../../domain/checkout/types.ts";
import { CHECKOUT_FAILED } from "../../domain/copy.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { Route } from "./+types/three-ds-callback";

export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = () => [
  { title: "Confirming your payment | Nightcap" },
  { name: "robots", content: "noindex" },
];

/**
 * /3dscb (spec §2): the card provider sends the shopper back here after 3-D Secure; the server reads the payment
 * from the provider (GET /order/verify3DS) and the shopper goes to the order, or back to checkout with why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const intent = url.searchParams.get("payment_intent") ?? url.searchParams.get("payment_intent_id");
  if (!intent) return { error: CHECKOUT_FAILED };
  const res = await context.api<PlaceOrderAnswer>(
    `/order/verify3DS?payment_intent_id=${encodeURIComponent(intent)}`,
  );
  if (res.status === 401) throw redirect(`/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (res.ok && res.data.status === "succeeded")
    throw redirect(`/orders/${res.data.orders[0]?._id ?? ""}?placed=1`);
  if (res.ok && res.data.status === "requires_action") throw redirect(res.data.redirect_url);
  return { error: apiErrorMessage(res.data, CHECKOUT_FAILED) };
}

export default function ThreeDsCallback({ loaderData }: Route.ComponentProps) {
  return (
    <main className="checkout-page">
      <h1 className="checkout-page__title">Your payment did not go through</h1>
      <p className="form-message form-message--error" role="alert">
        {loaderData.error}
      </p>
      <p>Nothing was charged. Your cart is as you left it.</p>
      <Link className="button button--primary" to="/checkout">
        Back to checkout
      </Link>
    </main>
  );
}
