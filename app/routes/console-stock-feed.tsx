import { data, Form, Link, useNavigation } from "react-router";
import { formatCents } from "#domain/money.ts";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { CONSOLE_HANDLE, ConsoleBar, consoleMeta } from "../features/console/console-bar.tsx";
import { ApplyFeedForm, FeedReadingFields, readingOfForm } from "../features/console/feed-reading.tsx";
import { StorePicker, storesForAdmin } from "../features/console/store-picker.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-stock-feed";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Shelf feed");

type Preview = ApiAnswer<"previewConsoleFeed">;
type Applied = ApiAnswer<"applyConsoleFeed">;
type Change = Preview["changes"][number];

/** /console/stock/feed (issue 34 §1): upload the point-of-sale file, review what it changes, apply it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const storeId = new URL(request.url).searchParams.get("store_id") ?? "";
  const [stores, last] = await Promise.all([
    storesForAdmin(context.api),
    context.api<ApiAnswer<"getConsoleFeedSettings">>(
      `/api/console/feeds/settings${storeId ? `?store_id=${encodeURIComponent(storeId)}` : ""}`,
    ),
  ]);
  // How the store's last file was read; an administrator who has not chosen a store starts from the defaults.
  const settings = last.ok ? last.data : null;
  return { stores, storeId, settings };
}

type ActionAnswer =
  | { step: "preview"; preview: Preview; storeId: string }
  | { step: "applied"; applied: Applied; storeId: string }
  | { step: "proposed"; title: string; storeId: string }
  | { step: "error"; message: string; problems: [string, string][]; storeId: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const f = (name: string) => String(form.get(name) ?? "").trim();
  const storeId = f("store_id");
  const fail = (message: string, status: number, problems: [string, string][] = []) =>
    data<ActionAnswer>({ step: "error", message, problems, storeId }, { status });
  const query = storeId ? `?store_id=${encodeURIComponent(storeId)}` : "";
  if (f("propose")) {
    // A line nothing matched, proposed as a new product with what the file says of it.
    const line = JSON.parse(f(`line_${f("propose")}`) || "{}") as Preview["unmatched"][number];
    const body: Record<string, unknown> = {
      title: line.name,
      price_cents: line.price_cents,
      quantity: line.quantity,
      ...(line.upc ? { upc: line.upc } : {}),
      ...(line.sku ? { store_sku: line.sku } : {}),
      ...(line.size ? { size: line.size } : {}),
    };
    if (storeId) body.store_id = storeId;
    const res = await context.api<ApiAnswer<"proposeProduct">>("/api/console/proposals", {
      method: "POST",
      body,
    });
    if (!res.ok)
      return fail(apiErrorMessage(res.data, "That could not be proposed. Please try again."), res.status);
    return { step: "proposed", title: res.data.title, storeId } satisfies ActionAnswer;
  }
  if (f("intent") === "review") {
    // The store's choices for the lines of a previewed file, read again from the kept file.
    const chosen = (prefix: string) =>
      [...form.keys()]
        .filter((k) => k.startsWith(prefix) && f(k))
        .map((k) => ({ line: Number(k.slice(prefix.length)), sku_id: f(k).toUpperCase() }));
    const body: Record<string, unknown> = {
      from_feed: f("feed"),
      missing: f("missing") || "keep",
      accept: chosen("accept_"),
      map: chosen("map_"),
    };
    if (storeId) body.store_id = storeId;
    const res = await context.api<Preview>("/api/console/feeds", { method: "POST", body });
    if (res.ok) return { step: "preview", preview: res.data, storeId } satisfies ActionAnswer;
    return fail(apiErrorMessage(res.data, "Those matches could not be used. Please try again."), res.status);
  }
  if (f("intent") === "apply") {
    const res = await context.api<Applied>(
      `/api/console/feeds/${encodeURIComponent(f("feed"))}/apply${query}`,
      {
        method: "POST",
        body: {},
      },
    );
    if (!res.ok) return fail(apiErrorMessage(res.data, "That did not apply. Please try again."), res.status);
    return { step: "applied", applied: res.data, storeId } satisfies ActionAnswer;
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return fail("Choose the file your point-of-sale system exported.", 400);
  const body: Record<string, unknown> = { csv: await file.text(), missing: f("missing") || "keep" };
  if (storeId) body.store_id = storeId;
  Object.assign(body, readingOfForm(f));
  const res = await context.api<Preview>("/api/console/feeds", { method: "POST", body });
  if (res.ok) return { step: "preview", preview: res.data, storeId } satisfies ActionAnswer;
  const details = (res.data as { error?: { details?: Record<string, string> } } | null)?.error?.details ?? {};
  return fail(
    apiErrorMessage(res.data, "That file could not be read. Please try again."),
    res.status,
    Object.entries(details),
  );
}

const stepText = (s: { from: number; to: number }, money: boolean) =>
  money ? `${formatCents(s.from, true)} → ${formatCents(s.to, true)}` : `${s.from} → ${s.to}`;

function changeText(change: Change): string {
  switch (change.kind) {
    case "update":
      return [
        change.price ? `price ${stepText(change.price, true)}` : null,
        change.stock ? `stock ${stepText(change.stock, false)}` : null,
      ]
        .filter(Boolean)
        .join(", ");
    case "new":
      return `new on the shelf: ${formatCents(change.priceCents, true)}, ${change.stock} in stock`;
    case "zero":
      return `not in the file: stock ${stepText(change.stock, false)}`;
    case "hide":
      return "not in the file: taken off the shelf";
  }
}

/** A preview's proposals grouped by their line, in the file's order. */
function proposalsByLine(proposed: Preview["proposed"]): [number, Preview["proposed"]][] {
  const byLine = new Map<number, Preview["proposed"]>();
  for (const p of proposed) byLine.set(p.line, [...(byLine.get(p.line) ?? []), p]);
  return [...byLine];
}

export default function ConsoleStockFeed({ loaderData, actionData: given }: Route.ComponentProps) {
  const actionData = useKeptActionData(given);
  const { stores, settings } = loaderData;
  const storeId = actionData?.storeId ?? loaderData.storeId;
  const busy = useNavigation().state !== "idle";
  const answer = actionData as ActionAnswer | undefined;
  const preview = answer?.step === "preview" ? answer.preview : null;
  return (
    <div className="page page--narrow console">
      <ConsoleBar admin={stores !== null} />
      <header className="page-head">
        <h1 className="page-head__title">Shelf feed</h1>
        <p className="page-head__lead">
          Update prices and stock from your point-of-sale system's export: review what changes, then apply it.{" "}
          <Link to={storeId ? `/console/stock?store_id=${encodeURIComponent(storeId)}` : "/console/stock"}>
            Back to stock
          </Link>
        </p>
      </header>
      {stores ? <StorePicker stores={stores} current={storeId || null} /> : null}
      {answer?.step === "proposed" ? (
        <p className="form-message form-message--success" role="status">
          {answer.title} is proposed: an administrator will add it to the catalogue or say why not.{" "}
          <Link to="/console/proposals">See your proposals</Link>
        </p>
      ) : null}
      {answer?.step === "applied" ? (
        <p className="form-message form-message--success" role="status">
          Applied: {answer.applied.lines} line{answer.applied.lines === 1 ? "" : "s"}. Shoppers see the new
          shelf now.
        </p>
      ) : null}
      {answer?.step === "error" ? (
        <div>
          <FormError message={answer.message} />
          {answer.problems.length > 0 ? (
            <ul className="console-feed__problems" aria-label="Problems in the file">
              {answer.problems.map(([at, message]) => (
                <li key={at}>
                  <strong>{at}:</strong> {message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {preview ? (
        <section aria-labelledby="feed-review" className="console-feed__review">
          <h2 id="feed-review">What this file changes</h2>
          <p>
            {preview.lines} line{preview.lines === 1 ? "" : "s"} read (
            {preview.layout === "square" ? "Square export" : "CSV"}). Prices up: {preview.counts.priceUp},
            down: {preview.counts.priceDown}; stock changed: {preview.counts.stockChanged}; new on the shelf:{" "}
            {preview.counts.newlyStocked}; not in the file: {preview.counts.missing} (
            {preview.missing === "keep"
              ? "kept"
              : preview.missing === "zero"
                ? "set to 0"
                : "taken off the shelf"}
            ).
          </p>
          {preview.changes.length > 0 ? (
            <div className="console-table-wrap">
              <table className="console-table">
                <caption className="visually-hidden">Changes</caption>
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">SKU</th>
                    <th scope="col">Change</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.changes.map((c) => (
                    <tr key={`${c.kind}:${c.skuId}`}>
                      <td>{"line" in c ? c.line : "–"}</td>
                      <td>{c.skuId}</td>
                      <td>{changeText(c)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>Nothing on the shelf changes.</p>
          )}
          {preview.unmatched.length > 0 || preview.proposed.length > 0 ? (
            <Form method="post" className="console-feed__matches" aria-label="Match the remaining lines">
              <h3>Lines to match</h3>
              <p>
                Choose the product for each line, then review again. Your choices are remembered: your next
                file matches these lines by itself.
              </p>
              <CsrfField />
              <input type="hidden" name="intent" value="review" />
              <input type="hidden" name="feed" value={preview.id} />
              <input type="hidden" name="store_id" value={storeId} />
              <input type="hidden" name="missing" value={preview.missing} />
              {proposalsByLine(preview.proposed).map(([line, proposals]) => (
                <fieldset key={line}>
                  <legend>
                    Line {line}: {proposals[0].name}
                  </legend>
                  {proposals.map((p) => (
                    <label key={p.sku_id}>
                      <input type="radio" name={`accept_${line}`} value={p.sku_id} /> {p.title} ({p.sku_id})
                    </label>
                  ))}
                  <label>
                    <input type="radio" name={`accept_${line}`} value="" defaultChecked /> None of these
                  </label>
                </fieldset>
              ))}
              {preview.unmatched.map((u) => (
                <label key={u.line}>
                  Line {u.line}: {u.name}
                  {u.upc ? ` (UPC ${u.upc})` : ""}
                  {u.sku ? ` (your SKU ${u.sku})` : ""}: catalogue SKU, if we have it
                  <input name={`map_${u.line}`} autoComplete="off" placeholder="IA-18006-750" />
                </label>
              ))}
              <button type="submit" className="button" disabled={busy}>
                Review again with these matches
              </button>
            </Form>
          ) : null}
          {preview.unmatched.length > 0 ? (
            <section aria-labelledby="feed-propose">
              <h3 id="feed-propose">Not in our catalogue?</h3>
              <p>Propose a line as a new product: an administrator adds it, and it goes on your shelf.</p>
              <ul className="console-feed__proposals">
                {preview.unmatched.map((u) => (
                  <li key={u.line}>
                    <Form method="post">
                      <CsrfField />
                      <input type="hidden" name="store_id" value={storeId} />
                      <input type="hidden" name="propose" value={u.line} />
                      <input type="hidden" name={`line_${u.line}`} value={JSON.stringify(u)} />
                      <span>
                        Line {u.line}: {u.name}
                      </span>
                      <button
                        type="submit"
                        className="button"
                        disabled={busy}
                        aria-label={`Propose line ${u.line}: ${u.name}`}
                      >
                        Propose it
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <ApplyFeedForm feedId={preview.id} storeId={storeId} busy={busy} />
        </section>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className="console-feed__upload"
        aria-label="Upload a feed"
      >
        <CsrfField />
        <input type="hidden" name="intent" value="preview" />
        <input type="hidden" name="store_id" value={storeId} />
        <label>
          The exported file (CSV)
          <input type="file" name="file" accept=".csv,text/csv" required />
        </label>
        <FeedReadingFields reading={settings} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Reading…" : "Review the changes"}
        </button>
      </Form>
    </div>
  );
}
