import { Link } from "react-router";
import { CheckoutForm } from "../features/checkout/checkout-form.tsx";
import { loadCheckout } from "../features/checkout/load-checkout.ts";
import type { Route } from "./+types/checkout";

export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = () => [
  { title: "Checkout | Nightcap" },
  { name: "robots", content: "noindex" },
];

/** /checkout (spec §2, full screen): the cart becomes an order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { checkout: await loadCheckout(context.api, new URL(request.url).pathname) };
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData.checkout} variant="steps" />;
}

export function CheckoutPage({
  data,
  variant,
}: {
  data: Awaited<ReturnType<typeof loadCheckout>>;
  variant: "steps" | "one-page";
}) {
  return (
    <main className="checkout-page">
      <p>
        <Link to="/">← Keep shopping</Link>
      </p>
      <h1 className="checkout-page__title">Checkout</h1>
      {data ? (
        <CheckoutForm data={data} variant={variant} />
      ) : (
        <div className="empty-state">
          <p>Your cart is empty.</p>
          <Link className="button button--primary" to="/">
            Find something to drink
          </Link>
        </div>
      )}
    </main>
  );
}
