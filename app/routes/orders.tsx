import { Link, redirect } from "react-router";
import { formatCents } from "#domain/money.ts";
import type { Order } from "#domain/orders/types.ts";
import { PageLoading } from "../components/page-loading.tsx";
import { orderStatusText } from "../features/checkout/order-status.ts";
import { type ApiFetch, browserApi } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import { PERSONAL_FRAME, serverDataOr } from "../lib/shared-page.ts";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [
  { title: "Your orders | Nightcap" },
  { name: "robots", content: "noindex" },
];

export const handle = PERSONAL_FRAME;

/** /orders (spec §2, in the shell): order history (GET /order/history: count, orders). */
async function loadOrders(api: ApiFetch) {
  const res = await api<ApiAnswer<"getOrderHistory">>("/order/history?limit=50");
  if (res.status === 401) throw redirect("/login?returnTo=%2Forders");
  if (!res.ok) throw new Response(null, { status: 500 });
  return res.data;
}

export async function loader({ context }: Route.LoaderArgs) {
  return context.sharedPage ? null : loadOrders(context.api);
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return serverDataOr(serverLoader, () => loadOrders(browserApi));
}
clientLoader.hydrate = true as const;

/** "1 item", "3 items": the bottles and packs in an order. */
function itemCount(order: Order): string {
  const n = order.products.reduce((s, p) => s + p.qty, 0);
  return `${n} item${n === 1 ? "" : "s"}`;
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  if (!loaderData)
    return (
      <div className="page page--narrow">
        <PageLoading title="Your orders" />
      </div>
    );
  const { orders, count } = loaderData;
  return (
    <div className="page page--narrow">
      <header className="page-head">
        <h1 className="page-head__title">Your orders</h1>
        <p className="page-head__lead">
          {count === 0 ? "No orders yet." : `${count} order${count === 1 ? "" : "s"}`}
        </p>
      </header>
      <ol className="orders-list">
        {orders.map((o) => (
          <li key={o._id} className="order-card">
            <Link to={`/orders/${o._id}`}>
              <strong>Order #{o.order_number}</strong> · {o.store.name}
            </Link>
            <span className="order-card__status">{orderStatusText(o)}</span>
            <span>
              {new Date(o.created_at).toLocaleDateString("en-US", {
                month: "short",
                day: "numeric",
                year: "numeric",
              })}{" "}
              · {itemCount(o)} · {formatCents(o.total, true)}
              {o.tip?.amount ? ` + ${formatCents(o.tip.amount, true)} tip` : ""}
            </span>
          </li>
        ))}
      </ol>
      {count === 0 ? (
        <Link className="button button--primary" to="/">
          Start shopping
        </Link>
      ) : null}
    </div>
  );
}
