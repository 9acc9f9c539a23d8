import { Form } from "react-router";
import type { Product } from "#domain/catalogue/types.ts";
import { formatCents } from "#domain/money.ts";
import { recordedStatus, updateKind } from "#domain/orders/substitution.ts";
import type { ConsoleOrder } from "#domain/orders/types.ts";
import { CsrfField } from "../accounts/session.tsx";

const WAITING: Record<string, string> = {
  Proposed: "Waiting for the customer to review them.",
  Viewing: "The customer is looking at them now.",
  Done: "Settled.",
};

/** What was proposed and what the customer (or the store's default) decided. */
export function SubstitutionsPanel({ order }: { order: ConsoleOrder }) {
  if (!order.substitution_status || order.substitutions.length === 0) return null;
  return (
    <section className="checkout__section console-substitutions" aria-label="Substitutions">
      <h2 className="checkout__heading">Substitutions</h2>
      <p className="console-substitutions__status" data-status={order.substitution_status}>
        {WAITING[order.substitution_status]}
        {order.substitution_status !== "Done"
          ? " Sending the order out keeps what you have and refunds the rest."
          : ""}
      </p>
      <ul className="checkout__items">
        {order.substitutions.map((s) => (
          <li key={`${s.sku_id}-${s.answered_at ?? "open"}`}>
            <span>
              {s.title}: {s.stock_level} of {s.quantity} on the shelf
            </span>
            <span>
              {s.answer
                ? `${recordedStatus(updateKind(s.answer), s.title)}${s.answer.added.length ? ` (${s.answer.added.map((a) => `${a.qty} × ${a.sku_id}`).join(", ")})` : ""}`
                : "No answer yet"}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** While picking: tick what is short, say how many the shelf has, and suggest replacements in stock. */
export function ShortLines({
  order,
  replacements,
  busy,
}: {
  order: ConsoleOrder;
  replacements: Record<string, Product[]>;
  busy: boolean;
}) {
  return (
    <section className="checkout__section console-short" aria-label="Short items">
      <h2 className="checkout__heading">Short of something?</h2>
      <Form method="post" className="console-short__form">
        <CsrfField />
        <input type="hidden" name="intent" value="substitutions" />
        {order.products.map((p) => (
          <fieldset key={p.sku_id} className="console-short__line">
            <legend>
              <label>
                <input type="checkbox" name="short" value={p.sku_id} /> {p.qty} × {p.title}
              </label>
            </legend>
            <label>
              On the shelf
              <input
                name={`shelf:${p.sku_id}`}
                type="number"
                min={0}
                max={p.qty - 1}
                defaultValue={0}
                inputMode="numeric"
              />
            </label>
            {(replacements[p.sku_id] ?? []).length > 0 ? (
              <div className="console-short__suggestions">
                <span>Suggest instead</span>
                {(replacements[p.sku_id] ?? []).slice(0, 6).map((r) => (
                  <label key={r.sku_id}>
                    <input type="checkbox" name={`suggest:${p.sku_id}`} value={r.sku_id} /> {r.title}
                    {r.price !== null ? ` · ${formatCents(r.price, true)}` : ""} ({r.stock} left)
                  </label>
                ))}
              </div>
            ) : (
              <p className="console-short__none">Nothing similar in stock to suggest.</p>
            )}
          </fieldset>
        ))}
        <button type="submit" className="button" disabled={busy}>
          Ask the customer
        </button>
      </Form>
    </section>
  );
}
