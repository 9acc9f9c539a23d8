import { data, Link } from "react-router";
import { formatCents } from "#domain/money.ts";
import { orderStatusText } from "../features/checkout/order-status.ts";
import { CONSOLE_HANDLE, ConsoleBar, ConsoleRefused, consoleMeta } from "../features/console/console-bar.tsx";
import { queueTimeLabel } from "../features/console/queue-label.ts";
import { usePolling } from "../features/console/use-polling.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Orders");

const FILTERS = { active: "To handle", done: "Finished", all: "All" } as const;
type Filter = keyof typeof FILTERS;

/** /console: the staff member's store's order queue (GET /api/console/orders), refreshed every 5 seconds. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = (url.searchParams.get("status") ?? "active") as Filter;
  const filter: Filter = status in FILTERS ? status : "active";
  const res = await context.api<ApiAnswer<"listConsoleOrders">>(`/api/console/orders?status=${filter}`);
  if (res.status === 403)
    return data(
      { forbidden: apiErrorMessage(res.data, "The store console is for store staff."), orders: [], filter },
      { status: 403 },
    );
  if (!res.ok) throw new Response(null, { status: 500 });
  return { forbidden: null, orders: res.data.orders, filter };
}

function minutesAgo(iso: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : new Date(iso).toLocaleDateString("en-US");
}

export default function ConsoleQueue({ loaderData }: Route.ComponentProps) {
  const { forbidden, orders, filter } = loaderData;
  usePolling(5000);
  if (forbidden) return <ConsoleRefused title="Store console" message={forbidden} />;
  return (
    <div className="page page--narrow console">
      <ConsoleBar />
      <header className="page-head">
        <h1 className="page-head__title">Orders</h1>
        <p className="page-head__lead">
          {(Object.keys(FILTERS) as Filter[]).map((f, i) => (
            <span key={f}>
              {i > 0 ? " · " : ""}
              {f === filter ? (
                <strong>{FILTERS[f]}</strong>
              ) : (
                <Link to={`/console?status=${f}`}>{FILTERS[f]}</Link>
              )}
            </span>
          ))}
        </p>
      </header>
      {orders.length === 0 ? <p>No orders here right now. This list refreshes by itself.</p> : null}
      <ol className="console-queue" aria-label="Orders">
        {orders.map((o) => (
          <li
            key={o._id}
            className={`console-queue__item${o.order_status === 0 ? " console-queue__item--new" : ""}`}
            data-order-id={o._id}
          >
            <Link to={`/console/orders/${o._id}`}>
              <span>
                <strong>#{o.order_number}</strong> · {queueTimeLabel(o)}
                {o.store ? ` · ${o.store.name}` : ""}
              </span>
              <span className="console-queue__status" data-status={o.order_status}>
                {orderStatusText(o)}
              </span>
              <span>
                {o.products.reduce((n, p) => n + p.qty, 0)} items · {formatCents(o.total, true)} ·{" "}
                {minutesAgo(o.created_at)}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
