import { data, Form, Link, redirect, useNavigation } from "react-router";
import { formatCents } from "../../domain/money.ts";
import {
  FEEDBACK_NOTES_MAX,
  isDelivered,
  mayGiveFeedback,
  mayTip,
  NEGATIVE_TAGS,
  POSITIVE_TAGS,
} from "../../domain/orders/after-order.ts";
import type { Order } from "../../domain/orders/types.ts";
import { ThumbDownIcon, ThumbUpIcon } from "../components/icons.tsx";
import { FullScreenPage } from "../components/shell/full-screen-page.tsx";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { StarInput } from "../features/tips/rating-view.tsx";
import { TIP_ERROR_FALLBACK, tipAmountFromForm, tipOptions } from "../features/tips/tip-form.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { Route } from "./+types/tip";

/** Spec §2: a full-screen page (no main shell). */
export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.order ? `Tip and rate order #${d.order.order_number} | Nightcap` : "Tip and rate | Nightcap" },
  { name: "robots", content: "noindex" },
];

/** /tip/{id} (spec §2): tip and rate a delivered order, and say how it went. Another user's order is not found. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await context.api<Order>(`/order/detail?id=${encodeURIComponent(params.id)}`);
  if (res.status === 401)
    throw redirect(`/login?returnTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 });
  if (!res.ok) throw new Response(null, { status: 500 });
  return { order: res.data };
}

type ActionResult = { ok: true; amount: number; rating: number | null } | { ok: false; error: string };

/**
 * Sends the tip (with the stars) if there is one, then the feedback if any was given (spec §7: POST /order/tip/,
 * POST /order/feedback/{id}). A tip sent again is the same tip (the API answers it as it stands), so sending the
 * form again after a feedback error never charges twice.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = params.id;
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const order = await context.api<Order>(`/order/detail?id=${encodeURIComponent(id)}`);
  if (order.status === 401)
    return redirect(`/login?returnTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (!order.ok)
    return data<ActionResult>(
      { ok: false, error: apiErrorMessage(order.data, TIP_ERROR_FALLBACK) },
      { status: order.status },
    );
  const tip = tipAmountFromForm(text("tip"), text("custom"), order.data.subtotal);
  if (!tip.ok) return data<ActionResult>({ ok: false, error: tip.message }, { status: 400 });
  const rating = Number.parseInt(text("rating"), 10) || null;
  const positive = form.getAll("positive").map(String);
  const negative = form.getAll("negative").map(String);
  const thumb = text("thumb") === "up" || text("thumb") === "down" ? text("thumb") : null;
  const notes = text("notes").trim() || null;
  const feedback = positive.length > 0 || negative.length > 0 || thumb !== null || notes !== null;
  if (tip.amount === 0 && rating === null && !feedback)
    return data<ActionResult>(
      { ok: false, error: "Choose a tip, some stars, or tell us how it went." },
      { status: 400 },
    );

  if (tip.amount > 0 || rating !== null) {
    const res = await context.api("/order/tip/", {
      method: "POST",
      body: { id, amount: tip.amount, rating },
    });
    if (!res.ok)
      return data<ActionResult>(
        { ok: false, error: apiErrorMessage(res.data, TIP_ERROR_FALLBACK) },
        { status: res.status },
      );
  }
  if (feedback) {
    const res = await context.api(`/order/feedback/${encodeURIComponent(id)}`, {
      method: "POST",
      body: { positive, negative, thumb, notes },
    });
    if (!res.ok)
      return data<ActionResult>(
        { ok: false, error: apiErrorMessage(res.data, TIP_ERROR_FALLBACK) },
        { status: res.status },
      );
  }
  return { ok: true, amount: tip.amount, rating } satisfies ActionResult;
}

function TipPageBody({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const busy = useNavigation().state !== "idle";
  const facts = {
    order_status: order.order_status,
    shipping: order.shipping,
    shipping_status: order.shipping_status,
  };
  const tipped = (order.tip?.amount ?? 0) > 0;
  const canTip = !tipped && mayTip(facts, 1).ok;
  const canRate = mayTip(facts, 0).ok;
  const canTell = mayGiveFeedback(facts).ok;
  const head = (
    <header className="page-head">
      <p className="page-head__eyebrow">
        <Link to={`/orders/${order._id}`}>Order #{order.order_number}</Link>
      </p>
      <h1 className="page-head__title">{canRate || canTell ? "How did we do?" : "Tip and rating"}</h1>
    </header>
  );

  if (actionData?.ok || (order.feedback && (tipped || !canTip))) {
    const amount = actionData?.ok ? actionData.amount : (order.tip?.amount ?? 0);
    return (
      <div className="page page--narrow tip-page">
        {head}
        {/* A form sent again from another tab after the order was tipped: its refusal, then where things stand. */}
        <FormError message={actionData && !actionData.ok ? actionData.error : null} />
        <section className="checkout__section tip-page__thanks" role="status">
          <h2 className="checkout__heading">Thank you!</h2>
          {amount > 0 ? (
            <p>
              You tipped <strong>{formatCents(amount, true)}</strong>. Your driver gets every cent.
            </p>
          ) : null}
          <p>Your feedback helps {order.store.name} get it right every time.</p>
          <p>
            <Link className="button button--primary" to={`/orders/${order._id}`}>
              Back to your order
            </Link>
          </p>
        </section>
      </div>
    );
  }

  if (!canRate && !canTell) {
    return (
      <div className="page page--narrow tip-page">
        {head}
        <section className="checkout__section">
          <p>You can tip once your order is delivered.</p>
          <p>
            <Link className="button button--primary" to={`/tracking/${order._id}`}>
              Track your order
            </Link>
          </p>
        </section>
      </div>
    );
  }

  const items = order.products.reduce((n, p) => n + p.qty, 0);
  return (
    <div className="page page--narrow tip-page">
      {head}
      <section className="checkout__section tip-page__summary" aria-label="Your order">
        <p className="tip-page__store">{order.store.name}</p>
        <p>
          {items} {items === 1 ? "item" : "items"} · {formatCents(order.subtotal, true)}
          {isDelivered(order) ? " · Delivered" : ""}
        </p>
        <ul className="tip-page__items">
          {order.products.map((p) => (
            <li key={p.sku_id + (p.engraving?.line_1 ?? "")}>
              {p.qty} × {p.title}
            </li>
          ))}
        </ul>
      </section>

      <Form method="post" className="tip-form">
        <CsrfField />
        <FormError message={actionData && !actionData.ok ? actionData.error : null} />

        {canTip ? (
          <fieldset className="checkout__section tip-form__group">
            <legend className="checkout__heading">Tip your driver</legend>
            <div className="chip-list">
              {tipOptions(order.subtotal).map((o) => (
                <label key={o.value} className="chip tip-chip">
                  <input
                    type="radio"
                    name="tip"
                    value={o.value}
                    className="visually-hidden"
                    defaultChecked={o.value === "18"}
                  />
                  {o.percent !== null ? (
                    <>
                      {o.percent}%<span className="tip-chip__amount">{formatCents(o.amount ?? 0, true)}</span>
                    </>
                  ) : o.value === "custom" ? (
                    "Custom"
                  ) : (
                    "No tip"
                  )}
                </label>
              ))}
            </div>
            <label className="tip-form__custom">
              Custom tip ($)
              <input
                name="custom"
                inputMode="decimal"
                autoComplete="off"
                placeholder="5.00"
                onFocus={(e) => {
                  const custom = e.currentTarget.form?.querySelector<HTMLInputElement>(
                    'input[name="tip"][value="custom"]',
                  );
                  if (custom) custom.checked = true;
                }}
              />
            </label>
          </fieldset>
        ) : tipped ? (
          <p className="checkout__section">
            You tipped {formatCents(order.tip?.amount ?? 0, true)}. Thank you!
          </p>
        ) : null}

        {canRate ? (
          <fieldset className="checkout__section tip-form__group">
            <legend className="checkout__heading">Rate your delivery</legend>
            <StarInput idPrefix="rating" defaultValue={order.tip?.rating} />
          </fieldset>
        ) : null}

        {canTell ? (
          <fieldset className="checkout__section tip-form__group">
            <legend className="checkout__heading">How did it go?</legend>
            <div className="chip-list">
              <label className="chip thumb-chip">
                <input type="radio" name="thumb" value="up" className="visually-hidden" />
                <ThumbUpIcon size={18} /> Good
              </label>
              <label className="chip thumb-chip">
                <input type="radio" name="thumb" value="down" className="visually-hidden" />
                <ThumbDownIcon size={18} /> Not great
              </label>
            </div>
            <p className="tip-form__label">What went well?</p>
            <div className="chip-list">
              {POSITIVE_TAGS.map((t) => (
                <label key={t} className="chip tag-chip">
                  <input type="checkbox" name="positive" value={t} className="visually-hidden" />
                  {t}
                </label>
              ))}
            </div>
            <p className="tip-form__label">What went wrong?</p>
            <div className="chip-list">
              {NEGATIVE_TAGS.map((t) => (
                <label key={t} className="chip tag-chip tag-chip--negative">
                  <input type="checkbox" name="negative" value={t} className="visually-hidden" />
                  {t}
                </label>
              ))}
            </div>
            <label className="tip-form__notes">
              Anything else?
              <textarea name="notes" rows={3} maxLength={FEEDBACK_NOTES_MAX} />
            </label>
          </fieldset>
        ) : null}

        <button type="submit" className="button button--primary button--block button--large" disabled={busy}>
          {busy ? "Sending…" : "Send"}
        </button>
      </Form>
    </div>
  );
}

export default function TipPage(props: Route.ComponentProps) {
  return (
    <FullScreenPage>
      <TipPageBody {...props} />
    </FullScreenPage>
  );
}
