import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ORDER_COMPLETED } from "#domain/analytics/events.ts";
import { confirmationHeading, placedNotice } from "#domain/checkout/confirmation.ts";
import { dateWords } from "#domain/gifts/claim.ts";
import { formatCents } from "#domain/money.ts";
import { isDelivered } from "#domain/orders/after-order.ts";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { BillLines } from "../features/checkout/bill-lines.tsx";
import { CheckoutConfirmationView } from "../features/checkout/confirmation-view.tsx";
import { orderStatusText } from "../features/checkout/order-status.ts";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { StarInput } from "../features/tips/rating-view.tsx";
import { loadRatings, type ProductReviewsAnswer, postRating } from "../features/tips/ratings.ts";
import { track } from "../lib/analytics.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ data: d }) => [
  {
    title: d?.order
      ? `${confirmationHeading(d.placed && d.confirmation ? d.confirmation.orders.map((o) => o.order_number) : [d.order.order_number])} | Nightcap`
      : "Order | Nightcap",
  },
  { name: "robots", content: "noindex" },
];

/** /orders/{id} (spec §2): status, line items, charge, delivery address. Another user's order is not found. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await context.api<ApiAnswer<"getOrderDetail">>(
    `/order/detail?id=${encodeURIComponent(params.id)}`,
  );
  if (res.status === 401)
    throw redirect(`/login?returnTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 });
  if (!res.ok) throw new Response(null, { status: 500 });
  const order = res.data;
  // A delivered order's items may be rated by the shopper: what each one stands at for them.
  const ratings: Record<string, ProductReviewsAnswer["viewer"]> = {};
  if (isDelivered(order)) {
    const skus = [...new Set(order.products.map((p) => p.sku_id))];
    const answers = await Promise.all(skus.map((sku) => loadRatings(context.api, sku)));
    skus.forEach((sku, i) => {
      ratings[sku] = answers[i]?.viewer ?? null;
    });
  }
  const placed = new URL(request.url).searchParams.has("placed");
  // Just placed (at once, or after 3-D Secure): the confirmation names every order of the checkout, since a split
  // cart placed one per store. Without it the page confirms this order alone.
  const confirmation = placed
    ? await context.api<ApiAnswer<"getCheckoutConfirmation">>(
        `/order/confirmation?checkout_id=${encodeURIComponent(order.checkout_id)}`,
      )
    : null;
  return { order, ratings, placed, confirmation: confirmation?.ok ? confirmation.data : null };
}

/** Rating one of the order's items (spec §7 POST /order/reviews); its error is thrown and shown (spec §8). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const sku = String(form.get("sku") ?? "");
  const rating = Number.parseInt(String(form.get("rating") ?? ""), 10);
  const text = String(form.get("text") ?? "").trim() || null;
  try {
    if (!Number.isInteger(rating)) throw new Error("Choose 1 to 5 stars.");
    await postRating(context.api, { sku, rating, text });
  } catch (err) {
    return data({ sku, error: (err as Error).message }, { status: 400 });
  }
  return { sku, error: null };
}

export default function OrderPage(props: Route.ComponentProps) {
  const { placed, confirmation, order } = props.loaderData;
  // Both ways an order is placed (at once, or after 3-D Secure) land here with ?placed: one event per checkout.
  useEffect(() => {
    if (placed)
      track(ORDER_COMPLETED, {
        order_id: order._id,
        checkout_id: order.checkout_id,
        total: confirmation?.total ?? order.total,
      });
  }, [placed, order._id, order.checkout_id, order.total, confirmation?.total]);
  if (placed && confirmation && confirmation.orders.length > 1)
    return <CheckoutConfirmationView confirmation={confirmation} />;
  return <OrderDetail {...props} />;
}

function OrderDetail({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { order, placed, ratings } = loaderData;
  const delivered = isDelivered(order);
  const busy = useNavigation().state !== "idle";
  const a = order.delivery_address_detail;
  return (
    <div className="page page--narrow">
      {placed ? (
        <p className="form-message form-message--info" role="status">
          {placedNotice(1)}
        </p>
      ) : null}
      <header className="page-head">
        <p className="page-head__eyebrow">
          <Link to="/orders">Your orders</Link>
        </p>
        <h1 className="page-head__title">Order #{order.order_number}</h1>
        <p className="page-head__lead" data-status={order.order_status}>
          {orderStatusText(order)}
          {order.eta && order.active ? ` · ${order.eta}` : ""}
        </p>
        {order.active ? (
          <p>
            <Link className="button button--primary" to={`/tracking/${order._id}`}>
              Track live
            </Link>
          </p>
        ) : null}
        {!delivered && order.checkout_tip.changeable && order.checkout_tip.amount > 0 ? (
          <p>
            <Link className="button" to={`/tip/${order._id}`}>
              Change your tip ({formatCents(order.checkout_tip.amount, true)})
            </Link>
          </p>
        ) : null}
        {delivered && !(order.tip && order.feedback) ? (
          <p>
            <Link className="button button--primary" to={`/tip/${order._id}`}>
              {order.tip?.amount ? "Rate your delivery" : "Tip and rate your delivery"}
            </Link>
          </p>
        ) : null}
      </header>
      <section className="checkout__section">
        <h2 className="checkout__heading">{order.store.name}</h2>
        <ul className="checkout__items">
          {order.products.map((p) => (
            <li key={p.sku_id + (p.engraving?.line_1 ?? "")}>
              <span>
                {p.qty} × {p.title}
                {p.engraving
                  ? ` (engraved: ${[p.engraving.line_1, p.engraving.line_2, p.engraving.line_3].filter(Boolean).join(" / ")})`
                  : ""}
              </span>
              <span>{formatCents(p.subtotal, true)}</span>
            </li>
          ))}
        </ul>
        <BillLines lineItems={order.line_items} taxes={order.taxes}>
          {order.tip?.amount ? (
            <div className="checkout__total checkout__total--tip-after">
              <dt>Tip after delivery</dt>
              <dd>{formatCents(order.tip.amount, true)}</dd>
            </div>
          ) : null}
        </BillLines>
        <p>
          Paid with{" "}
          {order.charge.method === "none"
            ? "store credit"
            : order.charge.brand
              ? `${order.charge.brand.toUpperCase()} ending ${order.charge.last4}`
              : order.charge.method}
        </p>
      </section>
      {delivered && Object.values(ratings).some((r) => r !== null) ? (
        <section className="checkout__section" aria-labelledby="rate-heading">
          <h2 id="rate-heading" className="checkout__heading">
            Rate what you got
          </h2>
          {[...new Map(order.products.map((p) => [p.sku_id, p])).values()].map((p) => {
            const mine = ratings[p.sku_id];
            if (!mine) return null;
            const error = actionData?.sku === p.sku_id ? actionData.error : null;
            return (
              <div className="item-rating" key={p.sku_id} data-sku={p.sku_id}>
                <p className="item-rating__title">
                  <Link to={p.url}>{p.title}</Link>
                </p>
                {mine.review ? (
                  <p>You rated it {mine.review.rating} of 5 stars. Thank you!</p>
                ) : mine.can_review ? (
                  <Form method="post" aria-label={`Rate ${p.title}`}>
                    <CsrfField />
                    <input type="hidden" name="sku" value={p.sku_id} />
                    <FormError message={error} />
                    <StarInput idPrefix={`rate-${p.sku_id}`} small />
                    <label className="visually-hidden" htmlFor={`review-${p.sku_id}`}>
                      A few words (optional)
                    </label>
                    <textarea
                      id={`review-${p.sku_id}`}
                      name="text"
                      rows={2}
                      maxLength={1000}
                      placeholder="A few words (optional)"
                    />
                    <div className="item-rating__row">
                      <button type="submit" className="button button--small" disabled={busy}>
                        Rate
                      </button>
                    </div>
                  </Form>
                ) : null}
              </div>
            );
          })}
        </section>
      ) : null}
      <section className="checkout__section">
        <h2 className="checkout__heading">
          {order.gift_info
            ? `A gift for ${order.gift_info.recipient}`
            : order.shipping
              ? "Shipping to"
              : "Delivering to"}
        </h2>
        <p>
          {a.address}
          {a.unit ? `, ${a.unit}` : ""} ({a.type})
        </p>
        {order.delivery_notes ? <p>Notes: {order.delivery_notes}</p> : null}
        {order.gift_info && order.scheduled && "byRecipient" in order.scheduled && order.active ? (
          <p>
            The recipient can claim it until {new Date(order.gift_info.expires).toLocaleDateString("en-US")}.
          </p>
        ) : order.gift_info && order.scheduled && "label" in order.scheduled ? (
          <p>
            Arriving {dateWords(order.scheduled.date)}, {order.scheduled.label}.
          </p>
        ) : null}
      </section>
    </div>
  );
}
