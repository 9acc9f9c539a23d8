import { Link, redirect } from "react-router";
import { PageLoading } from "../components/page-loading.tsx";
import { FullScreenPage } from "../components/shell/full-screen-page.tsx";
import { orderStatusText } from "../features/checkout/order-status.ts";
import { type ApiFetch, browserApi } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import { PERSONAL_FRAME, serverDataOr } from "../lib/shared-page.ts";
import type { Route } from "./+types/tracking";

/** Spec §2: a full-screen page (no main shell); its document may be a frame the browser fills in. */
export const handle = { fullScreen: true, ...PERSONAL_FRAME };

export const meta: Route.MetaFunction = () => [
  { title: "Track your orders | Nightcap" },
  { name: "robots", content: "noindex" },
];

/** /tracking (spec §2): the user's active orders (spec §4's rule, the API's `active`), each to its live page. */
async function loadActiveOrders(api: ApiFetch) {
  const res = await api<ApiAnswer<"getOrderHistory">>("/order/history?limit=50");
  if (res.status === 401) throw redirect("/login?returnTo=%2Ftracking");
  if (!res.ok) throw new Response(null, { status: 500 });
  return { orders: res.data.orders.filter((o) => o.active) };
}

export async function loader({ context }: Route.LoaderArgs) {
  return context.sharedPage ? null : loadActiveOrders(context.api);
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return serverDataOr(serverLoader, () => loadActiveOrders(browserApi));
}
clientLoader.hydrate = true as const;

function TrackingBody({ loaderData }: Route.ComponentProps) {
  if (!loaderData)
    return (
      <div className="page page--narrow">
        <PageLoading title="Track your orders" />
      </div>
    );
  const { orders } = loaderData;
  return (
    <div className="page page--narrow">
      <header className="page-head">
        <h1 className="page-head__title">Track your orders</h1>
        <p className="page-head__lead">
          {orders.length === 0
            ? "You have no orders on their way."
            : `${orders.length} active order${orders.length === 1 ? "" : "s"}`}
        </p>
      </header>
      <ol className="orders-list">
        {orders.map((o) => (
          <li key={o._id} className="order-card">
            <Link to={`/tracking/${o._id}`}>
              <strong>Order #{o.order_number}</strong> · {o.store.name}
            </Link>
            <span className="order-card__status">{orderStatusText(o)}</span>
            {o.eta ? <span>{o.eta}</span> : null}
          </li>
        ))}
      </ol>
      {orders.length === 0 ? (
        <p>
          <Link className="button button--primary" to="/">
            Start shopping
          </Link>{" "}
          <Link to="/orders">Past orders</Link>
        </p>
      ) : null}
    </div>
  );
}

export default function Tracking(props: Route.ComponentProps) {
  return (
    <FullScreenPage>
      <TrackingBody {...props} />
    </FullScreenPage>
  );
}
