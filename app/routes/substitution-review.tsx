import { useEffect, useReducer, useState } from "react";
import { data, Link, redirect, useFetcher } from "react-router";
import type { Product } from "#domain/catalogue/types.ts";
import { formatCents } from "#domain/money.ts";
import type { SubstitutionLine } from "#domain/orders/substitution.ts";
import { FullScreenPage } from "../components/shell/full-screen-page.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import {
  answersFromForm,
  choiceOf,
  estimatedChange,
  missingOf,
  type ReviewItem,
  reviewItems,
  reviewReducer,
} from "../features/substitutions/review-state.ts";
import { apiErrorMessage, browserApi } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/substitution-review";

/** The review as GET and PUT /order/substitution/{orderId} answer it. */
type Review = ApiAnswer<"getSubstitutionReview">;

/** Spec §2: a full-screen page (no main shell). */
export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = ({ data: d }) => [
  {
    title:
      d && "review" in d && d.review
        ? `Substitutions for order #${d.review.order_number} | Nightcap`
        : "Substitutions | Nightcap",
  },
  { name: "robots", content: "noindex" },
];

/** /substitution/{orderId} and beneath (spec §2, §4 Substitution review): the signed-in shopper's own order. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await context.api<ApiAnswer<"getSubstitutionReview">>(
    `/order/substitution/${encodeURIComponent(params.orderId)}`,
  );
  if (res.status === 401)
    throw redirect(`/login?returnTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 });
  if (!res.ok) throw new Response(null, { status: 500 });
  const me = await context.api<ApiAnswer<"getMe">>("/me");
  const userId = me.ok ? me.data.user.objectId : "";
  return { review: await markedViewing(context.api, res.data, userId), userId };
}

/**
 * Spec §2: the review's status is 'Viewing' while the page is shown. The page marks it as it is served, so the
 * store console and the tracking page see it from the first paint, with or without the page's script; the PUT
 * carries the session's CSRF token, as a page's form does. A failure leaves the review as it was (the browser
 * tries again once the page runs).
 */
async function markedViewing(
  api: Route.LoaderArgs["context"]["api"],
  review: Review,
  userId: string,
): Promise<Review> {
  if (!review.open || review.status !== "Proposed" || !userId) return review;
  const session = await api<ApiAnswer<"getSession">>("/auth/session");
  const token = session.ok ? session.data.csrfToken : null;
  const marked = await api<ApiAnswer<"answerSubstitutions">>(
    `/order/substitution/${encodeURIComponent(review.order_id)}`,
    {
      method: "PUT",
      body: { user: { objectId: userId }, status: "Viewing" },
      headers: token ? { "x-csrf-token": token } : {},
    },
  );
  return marked.ok ? marked.data : review;
}

type ActionAnswer =
  | { ok: true; review: Review }
  | { ok: false; message: string; details: Record<string, string> };

/** Submitting ('Done'): the form's answers to PUT /order/substitution/{orderId}. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const path = `/order/substitution/${encodeURIComponent(params.orderId)}`;
  const current = await context.api<ApiAnswer<"getSubstitutionReview">>(path);
  if (current.status === 401)
    return redirect(`/login?returnTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (!current.ok) throw data(null, { status: 404 });
  const form = await request.formData();
  const products = answersFromForm(form, current.data.products);
  const res = await context.api<ApiAnswer<"answerSubstitutions">>(path, {
    method: "PUT",
    body: { user: { objectId: String(form.get("user") ?? "") }, status: "Done", save: true, products },
  });
  if (res.ok) return { ok: true, review: res.data } satisfies ActionAnswer;
  const details = (res.data as { error?: { details?: Record<string, string> } } | null)?.error?.details ?? {};
  return data(
    {
      ok: false,
      message: apiErrorMessage(res.data, "We couldn't save your choices. Please try again."),
      details,
    } satisfies ActionAnswer,
    { status: res.status },
  );
}

function SubstitutionPageBody({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<ActionAnswer>();
  const review = fetcher.data?.ok ? fetcher.data.review : loaderData.review;
  const [items, dispatch] = useReducer(reviewReducer, review.products, (lines: SubstitutionLine[]) =>
    reviewItems(lines),
  );
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null;

  // Spec §2: 'Viewing' while shown. The loader marked it as the page was served; should that have failed, the page
  // marks it once it runs. The store console sees that the shopper is looking.
  const { open, status, order_id } = loaderData.review;
  useEffect(() => {
    if (!open || status !== "Proposed") return;
    void browserApi(`/order/substitution/${encodeURIComponent(order_id)}`, {
      method: "PUT",
      body: { user: { objectId: loaderData.userId }, status: "Viewing" },
    });
  }, [open, status, order_id, loaderData.userId]);

  useEffect(() => {
    if (failure) dispatch({ type: "errors", errors: failure.details });
  }, [failure]);

  const shownStatus = fetcher.data?.ok ? "Done" : open ? "Viewing" : review.status;
  const change = estimatedChange(items);
  const busy = fetcher.state !== "idle";

  return (
    <div className="page page--narrow substitution" data-status={shownStatus ?? ""}>
      <header className="page-head">
        <p className="page-head__eyebrow">
          <Link to={`/tracking/${review.order_id}`}>Order #{review.order_number}</Link>
        </p>
        <h1 className="page-head__title">
          {review.open && !fetcher.data?.ok ? "Some items are out of stock" : "Substitutions"}
        </h1>
        <p className="page-head__lead">
          {review.open && !fetcher.data?.ok
            ? `${review.store.name} couldn't find everything. Choose what you'd like for each item.`
            : review.status === "Done"
              ? `${review.store.name} is finishing your order with these choices.`
              : "There is nothing to review on this order right now."}
        </p>
      </header>

      {review.open && !fetcher.data?.ok ? (
        <fetcher.Form method="post" className="substitution__form">
          <CsrfField />
          <input type="hidden" name="user" value={loaderData.userId} />
          {items.map((item) => (
            <ItemReview
              key={item.line.sku_id}
              item={item}
              suggestions={review.products.find((p) => p.sku_id === item.line.sku_id)?.suggestions ?? []}
              storeId={review.store.id}
              orderId={review.order_id}
              dispatch={dispatch}
            />
          ))}
          {failure && Object.keys(failure.details).length === 0 ? (
            <p className="form-message form-message--error" role="alert">
              {failure.message}
            </p>
          ) : null}
          <div className="substitution__footer">
            <p className="substitution__change">
              {change < 0
                ? `About ${formatCents(-change, true)} back to you`
                : change > 0
                  ? `About ${formatCents(change, true)} more`
                  : "Your total stays the same"}
            </p>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Saving…" : "Done"}
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <Settled review={review} />
      )}
    </div>
  );
}

function ItemReview({
  item,
  suggestions,
  storeId,
  orderId,
  dispatch,
}: {
  item: ReviewItem;
  suggestions: Product[];
  storeId: string;
  orderId: string;
  dispatch: (action: Parameters<typeof reviewReducer>[1]) => void;
}) {
  const { line } = item;
  const sku = line.sku_id;
  const choice = choiceOf(item);
  const [more, setMore] = useState<Product[] | null>(null);
  const [moreError, setMoreError] = useState<string | null>(null);
  const options = [
    ...suggestions,
    ...(more ?? []).filter((p) => !suggestions.some((s) => s.sku_id === p.sku_id)),
  ];
  const chosen = item.answer.added[0]?.sku_id ?? "";
  const keepInStock = line.stock_level > 0 && !item.answer.removed;

  async function loadMore() {
    setMoreError(null);
    const res = await browserApi<ApiAnswer<"getRelatedProducts">>(
      `/menu/recommendation/related/${encodeURIComponent(sku)}?substitution=true&store_id=${encodeURIComponent(storeId)}&order_id=${encodeURIComponent(orderId)}`,
    );
    if (res.ok) setMore(res.data.products.filter((p) => p.sku_id !== sku && p.price !== null));
    else setMoreError("We couldn't load more options. Please try again.");
  }

  const replaceWith = (p: Product) =>
    dispatch({
      type: "replace",
      sku,
      product: { sku_id: p.sku_id, title: p.title, price: p.price ?? 0 },
      keepInStock: line.stock_level > 0 && choice !== "remove",
    });

  return (
    <fieldset className="substitution__item" data-sku={sku} data-choice={choice}>
      <legend className="substitution__title">{line.title}</legend>
      <p className="substitution__stock">
        {line.stock_level === 0
          ? `Out of stock (you ordered ${line.quantity})`
          : `Only ${line.stock_level} of ${line.quantity} in stock`}
      </p>
      <div className="substitution__choices" role="radiogroup" aria-label={`What to do with ${line.title}`}>
        {line.stock_level > 0 ? (
          <label className="substitution__choice">
            <input
              type="radio"
              name={`choice:${sku}`}
              value="keep"
              checked={choice === "keep"}
              onChange={() => dispatch({ type: "keep", sku })}
            />
            Keep {line.stock_level}
          </label>
        ) : null}
        <label className="substitution__choice">
          <input
            type="radio"
            name={`choice:${sku}`}
            value="remove"
            checked={choice === "remove"}
            onChange={() => dispatch({ type: "remove", sku })}
          />
          Remove
        </label>
        <label className="substitution__choice">
          <input
            type="radio"
            name={`choice:${sku}`}
            value="replace"
            checked={choice === "replace"}
            disabled={options.length === 0}
            onChange={() => (options[0] ? replaceWith(options[0]) : undefined)}
          />
          Replace
        </label>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => dispatch({ type: "reset", sku })}
        >
          Reset
        </button>
      </div>

      {options.length > 0 ? (
        <div
          className="substitution__options"
          role="radiogroup"
          aria-label={`Replacements for ${line.title}`}
        >
          {options.map((p) => (
            <label key={p.sku_id} className="substitution__option" data-selected={chosen === p.sku_id}>
              <input
                type="radio"
                name={`with:${sku}`}
                value={p.sku_id}
                checked={chosen === p.sku_id}
                onChange={() => replaceWith(p)}
              />
              <img src={p.image} alt="" width={48} height={48} loading="lazy" />
              <span className="substitution__option-title">{p.title}</span>
              <span className="substitution__option-price">
                {p.price !== null ? formatCents(p.price, true) : ""}
              </span>
            </label>
          ))}
        </div>
      ) : (
        <p className="substitution__none">The store had nothing similar to suggest.</p>
      )}
      {more === null ? (
        <button type="button" className="button button--ghost button--small" onClick={loadMore}>
          More options
        </button>
      ) : null}
      {moreError ? (
        <p className="form-message form-message--error" role="alert">
          {moreError}
        </p>
      ) : null}

      {choice === "replace" ? (
        <div className="substitution__replace">
          <label>
            How many
            <input
              name={`qty:${sku}`}
              type="number"
              min={1}
              max={99}
              inputMode="numeric"
              value={item.answer.added[0]?.qty ?? missingOf(line)}
              onChange={(e) => dispatch({ type: "quantity", sku, qty: Number(e.target.value) })}
            />
          </label>
          {line.stock_level > 0 ? (
            <label>
              <input
                type="checkbox"
                name={`keepstock:${sku}`}
                checked={keepInStock}
                onChange={(e) =>
                  item.replacement
                    ? dispatch({
                        type: "replace",
                        sku,
                        product: item.replacement,
                        keepInStock: e.target.checked,
                      })
                    : undefined
                }
              />
              Also keep the {line.stock_level} in stock
            </label>
          ) : null}
        </div>
      ) : null}

      {item.recorded ? (
        <p className="substitution__recorded" aria-live="polite">
          {item.recorded}
        </p>
      ) : null}
      {item.error ? (
        <p className="form-message form-message--error substitution__error" role="alert">
          {item.error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Settled({ review }: { review: Review }) {
  return (
    <section className="checkout__section substitution__settled" role="status">
      {review.status === "Done" ? (
        <ul className="checkout__items">
          {review.products.map((p) => (
            <li key={p.sku_id}>
              <span>{p.title}</span>
              <span>
                {!p.answer
                  ? "Kept what the store had"
                  : p.answer.added.length > 0
                    ? `Replaced (${p.answer.added.map((a) => `${a.qty} × ${review.products.flatMap((x) => x.suggestions).find((s) => s.sku_id === a.sku_id)?.title ?? "replacement"}`).join(", ")})`
                    : p.answer.removed || p.answer.kept === 0
                      ? "Removed"
                      : `Kept ${p.answer.kept}`}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        New total: <strong>{formatCents(review.total, true)}</strong>
      </p>
      <p>
        <Link className="button button--primary" to={`/tracking/${review.order_id}`}>
          Track your order
        </Link>
      </p>
    </section>
  );
}

export default function SubstitutionPage(props: Route.ComponentProps) {
  return (
    <FullScreenPage>
      <SubstitutionPageBody {...props} />
    </FullScreenPage>
  );
}
