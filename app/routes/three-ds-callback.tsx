import { Link, redirect } from "react-router";
import { CHECKOUT_FAILED, GENERIC_APOLOGY } from "#domain/copy.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/three-ds-callback";

export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = () => [
  { title: "Confirming your payment | Nightcap" },
  { name: "robots", content: "noindex" },
];

/**
 * /3dscb (spec §2): the card provider sends the shopper back here after 3-D Secure; the server reads the payment
 * from the provider and the shopper goes on, or is told why not. A checkout's (GET /order/verify3DS) goes to the
 * order, or back to checkout; a tip's (`?tip={order}`, GET /order/tip/verify3DS) to the tip page's thanks, or back
 * to the tip with the server's words (spec §5: else "We're sorry, an unexpected error occurred.").
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const intent = url.searchParams.get("payment_intent") ?? url.searchParams.get("payment_intent_id");
  const tipOrder = url.searchParams.get("tip");
  if (tipOrder !== null) {
    if (!intent) return { kind: "tip" as const, orderId: tipOrder, error: GENERIC_APOLOGY };
    const res = await context.api<ApiAnswer<"verifyTip3DS">>(
      `/order/tip/verify3DS?payment_intent_id=${encodeURIComponent(intent)}`,
    );
    if (res.status === 401)
      throw redirect(`/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
    if (res.ok && res.data.status === "succeeded")
      throw redirect(`/tip/${encodeURIComponent(res.data.id)}?tipped=1`);
    if (res.ok && res.data.status === "requires_action" && res.data.redirect_url)
      throw redirect(res.data.redirect_url);
    return { kind: "tip" as const, orderId: tipOrder, error: apiErrorMessage(res.data, GENERIC_APOLOGY) };
  }
  if (!intent) return { kind: "checkout" as const, error: CHECKOUT_FAILED };
  const res = await context.api<ApiAnswer<"verify3DS">>(
    `/order/verify3DS?payment_intent_id=${encodeURIComponent(intent)}`,
  );
  if (res.status === 401) throw redirect(`/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (res.ok && res.data.status === "succeeded")
    throw redirect(`/orders/${res.data.orders[0]?._id ?? ""}?placed=1`);
  if (res.ok && res.data.status === "requires_action") throw redirect(res.data.redirect_url);
  return { kind: "checkout" as const, error: apiErrorMessage(res.data, CHECKOUT_FAILED) };
}

export default function ThreeDsCallback({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "tip")
    return (
      <main className="checkout-page">
        <h1 className="checkout-page__title">Your tip did not go through</h1>
        <p className="form-message form-message--error" role="alert">
          {loaderData.error}
        </p>
        <p>Nothing was charged. You can try again, with this card or another.</p>
        <Link className="button button--primary" to={`/tip/${encodeURIComponent(loaderData.orderId)}`}>
          Back to your tip
        </Link>
      </main>
    );
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
