import { redirect } from "react-router";
import { CardsScreen } from "../features/payments/cards-screen.tsx";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/account-cards";

export const meta: Route.MetaFunction = () => [
  { title: "Payment cards | Nightcap" },
  { name: "robots", content: "noindex" },
];

/** /account/cards (spec §2 "payment cards"; its path is not shown: ours sits under /account). */
export async function loader({ context }: Route.LoaderArgs) {
  const [cards, payment] = await Promise.all([
    context.api<ApiAnswer<"listCards">>("/cards"),
    context.api<ApiAnswer<"getPaymentConfig">>("/order/payment-config"),
  ]);
  if (cards.status === 401) throw redirect("/login?returnTo=%2Faccount%2Fcards");
  if (!cards.ok || !payment.ok) throw new Response(null, { status: 500 });
  return { cards: cards.data, payment: payment.data };
}

export default function AccountCards({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page page--narrow">
      <CardsScreen initial={loaderData.cards} payment={loaderData.payment} />
    </div>
  );
}
