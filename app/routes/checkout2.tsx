import { loadCheckout } from "../features/checkout/load-checkout.ts";
import type { Route } from "./+types/checkout2";
import { CheckoutPage } from "./checkout.tsx";

export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = () => [
  { title: "Checkout | Nightcap" },
  { name: "robots", content: "noindex" },
];

/** /checkout2 (spec §2): the older one-page checkout, over the same API and the same rules. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { checkout: await loadCheckout(context.api, new URL(request.url).pathname) };
}

export default function CheckoutOnePage({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData.checkout} variant="one-page" />;
}
