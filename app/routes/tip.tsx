import { type FormEvent, useRef, useState } from "react";
import { data, Form, Link, redirect, redirectDocument, useNavigation, useSubmit } from "react-router";
import { formatCents } from "#domain/money.ts";
import {
  FEEDBACK_NOTES_MAX,
  isDelivered,
  mayGiveFeedback,
  mayTip,
  NEGATIVE_TAGS,
  POSITIVE_TAGS,
} from "#domain/orders/after-order.ts";
import type { Order } from "#domain/orders/types.ts";
import { ThumbDownIcon, ThumbUpIcon } from "../components/icons.tsx";
import { FullScreenPage } from "../components/shell/full-screen-page.tsx";
import { FormError, FormNotice } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import type { CardFrameHandle } from "../features/checkout/card-frame.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { StarInput } from "../features/tips/rating-view.tsx";
import { NEW_CARD, TipCardChoice } from "../features/tips/tip-card-choice.tsx";
import {
  addedTipFromForm,
  checkoutTipFromForm,
  checkoutTipOptions,
  TIP_ERROR_FALLBACK,
  type TipOption,
  tipOptions,
} from "../features/tips/tip-form.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/tip";

/** Spec §2: a full-screen page (no main shell). */
export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.order ? `Tip and rate order #${d.order.order_number} | Nightcap` : "Tip and rate | Nightcap" },
  { name: "robots", content: "noindex" },
];

const factsOf = (order: Order) => ({
  order_status: order.order_status,
  shipping: order.shipping,
  shipping_status: order.shipping_status,
});

/** May a tip still be added after delivery: delivered, on-demand, and none added yet. */
const mayAddTip = (order: Order) => !(order.tip?.amount ?? 0) && mayTip(factsOf(order), 1).ok;

/**
 * /tip/{id} (spec §2): tip and rate a delivered order, and say how it went; before delivery, change the tip chosen
 * at checkout while it may still change. Another user's order is not found. `?tipped` is the way back from the
 * bank's 3-D Secure check (/3dscb).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const res = await context.api<ApiAnswer<"getOrderDetail">>(
    `/order/detail?id=${encodeURIComponent(params.id)}`,
  );
  if (res.status === 401) throw redirect(`/login?returnTo=${encodeURIComponent(url.pathname)}`);
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 });
  if (!res.ok) throw new Response(null, { status: 500 });
  const order = res.data;
  // The cards to pay a tip with, and how the provider takes a new one, only while a tip may be added.
  const [cards, payment] = mayAddTip(order)
    ? await Promise.all([
        context.api<ApiAnswer<"listCards">>("/cards"),
        context.api<ApiAnswer<"getPaymentConfig">>("/order/payment-config"),
      ])
    : [null, null];
  return {
    order,
    cards: cards?.ok ? cards.data : [],
    payment: payment?.ok ? payment.data : null,
    tipped: url.searchParams.has("tipped"),
  };
}

type ActionResult =
  | { ok: true; kind: "tip"; amount: number; rating: number | null }
  | { ok: true; kind: "checkout-tip"; amount: number }
  | { ok: false; error: string };

const failed = (error: string, status: number) => data<ActionResult>({ ok: false, error }, { status });

/**
 * Sends the tip (with the stars) if there is one, then the feedback if any was given (spec §7: POST /order/tip/,
 * POST /order/feedback/{id}). A tip sent again is the same tip (the API answers it as it stands), so sending the
 * form again after a feedback error never charges twice. When the bank asks to check the tip's card, the shopper
 * goes to its challenge (after the feedback is kept) and comes back through /3dscb. The form's `intent`
 * "checkout-tip" changes the tip chosen at checkout instead (PUT /order/checkout-tip/{id}).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = params.id;
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const order = await context.api<ApiAnswer<"getOrderDetail">>(`/order/detail?id=${encodeURIComponent(id)}`);
  if (order.status === 401)
    return redirect(`/login?returnTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (!order.ok) return failed(apiErrorMessage(order.data, TIP_ERROR_FALLBACK), order.status);

  if (text("intent") === "checkout-tip") {
    const wanted = checkoutTipFromForm(text("tip"), text("custom"), order.data.subtotal);
    if (!wanted.ok) return failed(wanted.message, 400);
    const res = await context.api<ApiAnswer<"changeCheckoutTip">>(
      `/order/checkout-tip/${encodeURIComponent(id)}`,
      {
        method: "PUT",
        body: { amount: wanted.amount },
      },
    );
    if (!res.ok) return failed(apiErrorMessage(res.data, TIP_ERROR_FALLBACK), res.status);
    return { ok: true, kind: "checkout-tip", amount: wanted.amount } satisfies ActionResult;
  }

  const tip = addedTipFromForm(
    text("tip"),
    text("custom"),
    order.data.subtotal,
    order.data.checkout_tip.amount,
  );
  if (!tip.ok) return failed(tip.message, 400);
  const rating = Number.parseInt(text("rating"), 10) || null;
  const positive = form.getAll("positive").map(String);
  const negative = form.getAll("negative").map(String);
  const thumb = text("thumb") === "up" || text("thumb") === "down" ? text("thumb") : null;
  const notes = text("notes").trim() || null;
  const feedback = positive.length > 0 || negative.length > 0 || thumb !== null || notes !== null;
  if (tip.amount === 0 && rating === null && !feedback)
    return failed("Choose a tip, some stars, or tell us how it went.", 400);
  let paymentMethod: object | undefined;
  if (tip.amount > 0 && text("card") === NEW_CARD) {
    if (!text("token")) return failed("Enter your card's details in the card form.", 400);
    paymentMethod = { type: "token", token: text("token"), save: form.has("saveCard") };
  } else if (tip.amount > 0 && text("card")) paymentMethod = { type: "card", cardId: text("card") };

  let challenge: string | null = null;
  if (tip.amount > 0 || rating !== null) {
    const res = await context.api<ApiAnswer<"tipOrder">>("/order/tip/", {
      method: "POST",
      body: { id, amount: tip.amount, rating, paymentMethod },
    });
    if (!res.ok) return failed(apiErrorMessage(res.data, TIP_ERROR_FALLBACK), res.status);
    if (res.data.status === "requires_action") challenge = res.data.redirect_url;
  }
  if (feedback) {
    const res = await context.api(`/order/feedback/${encodeURIComponent(id)}`, {
      method: "POST",
      body: { positive, negative, thumb, notes },
    });
    if (!res.ok) return failed(apiErrorMessage(res.data, TIP_ERROR_FALLBACK), res.status);
  }
  // The bank's check is on the provider's own page (a whole document, possibly another site's).
  if (challenge) return redirectDocument(challenge);
  return { ok: true, kind: "tip", amount: tip.amount, rating } satisfies ActionResult;
}

/** What was tipped so far, in words, never as if nothing had been given. */
function TippedSoFar({ order, added }: { order: Order; added: number }) {
  const atCheckout = order.checkout_tip.amount;
  if (added > 0 && atCheckout > 0)
    return (
      <p>
        You added <strong>{formatCents(added, true)}</strong> to your tip:{" "}
        <strong>{formatCents(atCheckout + added, true)}</strong> in all. Your driver gets every cent.
      </p>
    );
  if (added > 0 || atCheckout > 0)
    return (
      <p>
        You tipped <strong>{formatCents(added || atCheckout, true)}</strong>
        {added ? "" : " at checkout"}. Your driver gets every cent.
      </p>
    );
  return null;
}

function TipChips({
  options,
  defaultValue,
  noneLabel = "No tip",
}: {
  options: TipOption[];
  defaultValue: string;
  noneLabel?: string;
}) {
  return (
    <>
      <div className="chip-list">
        {options.map((o) => (
          <label key={o.value} className="chip tip-chip">
            <input
              type="radio"
              name="tip"
              value={o.value}
              className="visually-hidden"
              defaultChecked={o.value === defaultValue}
            />
            {o.percent !== null ? (
              <>
                {o.percent === 0 ? "No tip" : `${o.percent}%`}
                <span className="tip-chip__amount">{formatCents(o.amount ?? 0, true)}</span>
              </>
            ) : o.value.startsWith("add-") ? (
              `+${formatCents(o.amount ?? 0, true)}`
            ) : o.value === "custom" ? (
              "Custom"
            ) : (
              noneLabel
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
    </>
  );
}

/** Before delivery, while the order's payment is not captured: the tip chosen at checkout may change. */
function ChangeCheckoutTip({ order, actionData }: { order: Order; actionData: ActionResult | undefined }) {
  const busy = useNavigation().state !== "idle";
  const options = checkoutTipOptions(order.subtotal);
  const current = options.find((o) => o.amount === order.checkout_tip.amount)?.value ?? "custom";
  const changed = actionData?.ok && actionData.kind === "checkout-tip" ? actionData.amount : null;
  return (
    <Form method="post" className="tip-form" aria-label="Change your tip">
      <CsrfField />
      <input type="hidden" name="intent" value="checkout-tip" />
      <fieldset className="checkout__section tip-form__group">
        <legend className="checkout__heading">Your tip</legend>
        <p>
          Your tip is <strong>{formatCents(order.checkout_tip.amount, true)}</strong>, paid with your order.
          You can change it until the store takes your order, and add to it once it's delivered.
        </p>
        <FormError message={actionData && !actionData.ok ? actionData.error : null} />
        <FormNotice message={changed !== null ? `Your tip is now ${formatCents(changed, true)}.` : null} />
        <TipChips options={options} defaultValue={current} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Saving…" : "Change tip"}
        </button>
      </fieldset>
    </Form>
  );
}

function TipPageBody({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { order, cards, payment, tipped } = loaderData;
  const busy = useNavigation().state !== "idle";
  const submit = useSubmit();
  const frame = useRef<CardFrameHandle>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const facts = factsOf(order);
  const added = order.tip?.amount ?? 0;
  const canTip = mayAddTip(order);
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

  const sentTip = actionData?.ok && actionData.kind === "tip";
  if (sentTip || (tipped && added > 0) || (order.feedback && (added > 0 || !canTip))) {
    const amount = sentTip ? actionData.amount : added;
    return (
      <div className="page page--narrow tip-page">
        {head}
        {/* A form sent again from another tab after the order was tipped: its refusal, then where things stand. */}
        <FormError message={actionData && !actionData.ok ? actionData.error : null} />
        <section className="checkout__section tip-page__thanks" role="status">
          <h2 className="checkout__heading">Thank you!</h2>
          <TippedSoFar order={order} added={amount} />
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
    const changeable = order.checkout_tip.changeable && !order.shipping;
    return (
      <div className="page page--narrow tip-page">
        {head}
        {changeable ? <ChangeCheckoutTip order={order} actionData={actionData} /> : null}
        <section className="checkout__section">
          <p>
            {changeable
              ? "You can rate your delivery once it arrives."
              : "You can tip once your order is delivered."}
          </p>
          <p>
            <Link className="button button--primary" to={`/tracking/${order._id}`}>
              Track your order
            </Link>
          </p>
        </section>
      </div>
    );
  }

  /** A new card is tokenised by the provider's frame first; the form then carries the token, never the number. */
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const formData = new FormData(event.currentTarget);
    const tip = String(formData.get("tip") ?? "none");
    if (formData.get("card") !== NEW_CARD || tip === "none" || !frame.current) return;
    event.preventDefault();
    setCardError(null);
    const tokenised = await frame.current.tokenize();
    if (!tokenised.ok) return setCardError(tokenised.message);
    formData.set("token", tokenised.value.token);
    submit(formData, { method: "post" });
  };

  const items = order.products.reduce((n, p) => n + p.qty, 0);
  const atCheckout = order.checkout_tip.amount;
  const preferredCard =
    cards.find((c) => c.brand === order.charge.brand && c.last4 === order.charge.last4)?.id ??
    cards.find((c) => c.is_primary)?.id ??
    null;
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

      <Form method="post" className="tip-form" onSubmit={(e) => void onSubmit(e)}>
        <CsrfField />
        <FormError message={cardError ?? (actionData && !actionData.ok ? actionData.error : null)} />

        {canTip ? (
          <fieldset className="checkout__section tip-form__group">
            <legend className="checkout__heading">
              {atCheckout > 0 ? "Add to your tip" : "Tip your driver"}
            </legend>
            {atCheckout > 0 ? (
              <p className="tip-form__given">
                You tipped <strong>{formatCents(atCheckout, true)}</strong> at checkout. Thank you! Your
                driver gets every cent; add more if they went the extra mile.
              </p>
            ) : null}
            <TipChips
              options={tipOptions(order.subtotal, atCheckout)}
              defaultValue={atCheckout > 0 ? "none" : "18"}
              noneLabel={atCheckout > 0 ? "Nothing more" : "No tip"}
            />
            {payment ? (
              <TipCardChoice ref={frame} cards={cards} payment={payment} preferred={preferredCard} />
            ) : null}
          </fieldset>
        ) : added > 0 || atCheckout > 0 ? (
          <div className="checkout__section">
            <TippedSoFar order={order} added={added} />
          </div>
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
