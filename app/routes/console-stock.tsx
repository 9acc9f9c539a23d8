import { data, Form, Link, type ShouldRevalidateFunction, useNavigation } from "react-router";
import { formatCents } from "#domain/money.ts";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { dollarsToCents } from "../features/console/console-actions.ts";
import { CONSOLE_HANDLE, ConsoleBar, consoleMeta } from "../features/console/console-bar.tsx";
import { StorePicker, storesForAdmin } from "../features/console/store-picker.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-stock";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Stock");

const PAGE = 25;

/** /console/stock: the store's shelf, searched by title or SKU, each row's price and stock edited in place. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const storeId = url.searchParams.get("store_id") ?? "";
  const skip = Math.max(0, Number.parseInt(url.searchParams.get("skip") ?? "0", 10) || 0);
  const stores = await storesForAdmin(context.api);
  const query = new URLSearchParams({ limit: String(PAGE), skip: String(skip) });
  if (q) query.set("q", q);
  if (storeId) query.set("store_id", storeId);
  const res = await context.api<ApiAnswer<"listConsoleStock">>(`/api/console/stock?${query}`);
  if (res.status === 403 || res.status === 404)
    return data(
      {
        forbidden: apiErrorMessage(res.data, "The store console is for store staff."),
        page: null,
        stores,
        q,
        storeId,
      },
      { status: res.status },
    );
  // An administrator who has not chosen a store yet.
  if (res.status === 400) return { forbidden: null, page: null, stores, q, storeId };
  if (!res.ok) throw new Response(null, { status: 500 });
  return { forbidden: null, page: res.data, stores, q, storeId };
}

/** After "someone changed this just now", show the row as it is now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const f = (name: string) => String(form.get(name) ?? "");
  const sku = f("sku");
  const was = {
    price_cents: Number(f("was_price")),
    package_item_price_cents: f("was_item") === "" ? null : Number(f("was_item")),
    stock: Number(f("was_stock")),
  };
  const fail = (message: string, status = 400) => data({ ok: false as const, sku, message }, { status });
  const price = dollarsToCents(f("price"));
  if (price === null || Number.isNaN(price) || price <= 0)
    return fail("Enter a price above $0.00, like 24.99.");
  const item = dollarsToCents(f("item"));
  if (Number.isNaN(item)) return fail("Enter the item price in dollars, like 2.49, or leave it empty.");
  if (!/^\d+$/.test(f("stock").trim())) return fail("Enter the stock as a whole number, 0 or more.");
  const stock = Number.parseInt(f("stock"), 10);
  // Only what the staff member changed: a sale meanwhile (stock) does not refuse a new price.
  const body: Record<string, unknown> = { was };
  if (price !== was.price_cents) body.price_cents = price;
  if (item !== was.package_item_price_cents) body.package_item_price_cents = item;
  if (stock !== was.stock) body.stock = stock;
  if (Object.keys(body).length === 1) return { ok: true as const, sku, message: "Nothing changed." };
  const storeId = f("store_id");
  if (storeId) body.store_id = storeId;
  const res = await context.api(`/api/console/stock/${encodeURIComponent(sku)}`, { method: "PATCH", body });
  if (res.ok) return { ok: true as const, sku, message: "Saved. Shoppers see it now." };
  return fail(apiErrorMessage(res.data, "That did not save. Please try again."), res.status);
}

const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

export default function ConsoleStock({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { forbidden, page, stores, q, storeId } = loaderData;
  const busy = useNavigation().state !== "idle";
  const here = (over: Record<string, string | number>) => {
    const p = new URLSearchParams();
    if (q) p.set("q", q);
    if (storeId) p.set("store_id", storeId);
    for (const [k, v] of Object.entries(over)) p.set(k, String(v));
    return `/console/stock?${p}`;
  };
  return (
    <div className="page page--narrow console">
      <ConsoleBar admin={stores !== null} />
      <header className="page-head">
        <h1 className="page-head__title">Stock</h1>
        {page ? (
          <p className="page-head__lead">
            {page.store.name} ·{" "}
            <Link
              to={
                storeId
                  ? `/console/stock/feed?store_id=${encodeURIComponent(storeId)}`
                  : "/console/stock/feed"
              }
            >
              Update from your point-of-sale file
            </Link>
            {" · "}
            <Link
              to={
                storeId
                  ? `/console/stock/feed/source?store_id=${encodeURIComponent(storeId)}`
                  : "/console/stock/feed/source"
              }
            >
              Fetch it on a schedule
            </Link>
          </p>
        ) : null}
      </header>
      {forbidden ? (
        <p className="form-message form-message--error" role="alert">
          {forbidden}
        </p>
      ) : null}
      {stores ? <StorePicker stores={stores} current={page?.store.id ?? null} /> : null}
      {page ? (
        <>
          <Form method="get" className="console-search" role="search">
            {storeId ? <input type="hidden" name="store_id" value={storeId} /> : null}
            <label>
              Find a product
              <input type="search" name="q" defaultValue={q} placeholder="Title or SKU" />
            </label>
            <button type="submit" className="button">
              Search
            </button>
          </Form>
          <p aria-live="polite">
            {page.total === 0
              ? "No products match."
              : `${page.skip + 1}–${page.skip + page.items.length} of ${page.total}`}
          </p>
          <ul className="console-stock" aria-label="Products">
            {page.items.map((row) => {
              const said = actionData && actionData.sku === row.sku_id ? actionData : null;
              return (
                <li
                  key={`${row.sku_id}:${row.price_cents}:${row.package_item_price_cents}:${row.stock}`}
                  className="console-stock__row"
                >
                  <Form method="post" aria-label={row.title}>
                    <CsrfField />
                    <input type="hidden" name="sku" value={row.sku_id} />
                    <input type="hidden" name="store_id" value={storeId} />
                    <input type="hidden" name="was_price" value={row.price_cents} />
                    <input type="hidden" name="was_item" value={row.package_item_price_cents ?? ""} />
                    <input type="hidden" name="was_stock" value={row.stock} />
                    <p className="console-stock__title">
                      <strong>{row.title}</strong>
                      <span>
                        {row.sku_id}
                        {row.volume_label ? ` · ${row.volume_label}` : ""} ·{" "}
                        {formatCents(row.price_cents, true)} ·{" "}
                        {row.stock === 0 ? "out of stock" : `${row.stock} in stock`}
                      </span>
                    </p>
                    <div className="console-stock__fields">
                      <label>
                        Price ($)
                        <input
                          name="price"
                          inputMode="decimal"
                          defaultValue={dollars(row.price_cents)}
                          required
                        />
                      </label>
                      {row.package_qty > 1 || row.package_item_price_cents !== null ? (
                        <label>
                          Item ($)
                          <input
                            name="item"
                            inputMode="decimal"
                            defaultValue={dollars(row.package_item_price_cents)}
                          />
                        </label>
                      ) : (
                        <input type="hidden" name="item" value="" />
                      )}
                      <label>
                        Stock
                        <input name="stock" inputMode="numeric" defaultValue={row.stock} required />
                      </label>
                      <button type="submit" className="button button--primary" disabled={busy}>
                        Save
                      </button>
                    </div>
                    {said ? (
                      said.ok ? (
                        <p className="form-message form-message--success" role="status">
                          {said.message}
                        </p>
                      ) : (
                        <FormError message={said.message} />
                      )
                    ) : null}
                  </Form>
                </li>
              );
            })}
          </ul>
          <nav className="console-paging" aria-label="Pages">
            {page.skip > 0 ? (
              <Link to={here({ skip: Math.max(0, page.skip - page.limit) })}>Previous</Link>
            ) : null}
            {page.skip + page.items.length < page.total ? (
              <Link to={here({ skip: page.skip + page.limit })}>Next</Link>
            ) : null}
          </nav>
        </>
      ) : null}
    </div>
  );
}
