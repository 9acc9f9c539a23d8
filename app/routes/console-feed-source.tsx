import { data, Form, Link, useNavigation } from "react-router";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { CONSOLE_HANDLE, ConsoleBar, consoleMeta } from "../features/console/console-bar.tsx";
import { ApplyFeedForm, FeedReadingFields, readingOfForm } from "../features/console/feed-reading.tsx";
import { StorePicker, storesForAdmin } from "../features/console/store-picker.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-feed-source";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Scheduled feed");

type Source = ApiAnswer<"getConsoleFeedSource">;

/**
 * /console/stock/feed/source (issue 34 §1, docs/adr/0073-scheduled-shelf-feeds.md): the address the store's
 * point-of-sale file is fetched from, its credentials (never shown back), the schedule, whether a fetched file is
 * applied at once, the last fetch, and "Fetch now". Every form posts to this page's action: no script needed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const storeId = new URL(request.url).searchParams.get("store_id") ?? "";
  const query = storeId ? `?store_id=${encodeURIComponent(storeId)}` : "";
  const [stores, got] = await Promise.all([
    storesForAdmin(context.api),
    context.api<Source>(`/api/console/feeds/source${query}`),
  ]);
  return { stores, storeId, source: got.ok ? got.data : null };
}

type ActionAnswer =
  | { step: "saved" | "fetched" | "deleted" | "applied"; storeId: string }
  | { step: "error"; message: string; storeId: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const f = (name: string) => String(form.get(name) ?? "").trim();
  const storeId = f("store_id");
  const query = storeId ? `?store_id=${encodeURIComponent(storeId)}` : "";
  const fail = (message: string, status: number) =>
    data<ActionAnswer>({ step: "error", message, storeId }, { status });
  const intent = f("intent");
  if (intent === "fetch") {
    const res = await context.api<Source>(`/api/console/feeds/source/fetch${query}`, {
      method: "POST",
      body: {},
    });
    if (!res.ok)
      return fail(apiErrorMessage(res.data, "The feed could not be fetched. Please try again."), res.status);
    return { step: "fetched", storeId } satisfies ActionAnswer;
  }
  if (intent === "delete") {
    const res = await context.api(`/api/console/feeds/source${query}`, { method: "DELETE" });
    if (!res.ok) return fail(apiErrorMessage(res.data, "That did not work. Please try again."), res.status);
    return { step: "deleted", storeId } satisfies ActionAnswer;
  }
  if (intent === "apply") {
    const res = await context.api(`/api/console/feeds/${encodeURIComponent(f("feed"))}/apply${query}`, {
      method: "POST",
      body: {},
    });
    if (!res.ok) return fail(apiErrorMessage(res.data, "That did not apply. Please try again."), res.status);
    return { step: "applied", storeId } satisfies ActionAnswer;
  }
  const body: Record<string, unknown> = {
    url: f("url"),
    layout: f("layout") === "generic" ? "generic" : "square",
    missing: f("missing") || "keep",
    every_hours: Number(f("every_hours") || "24"),
    auto_apply: f("auto_apply") === "yes",
  };
  if (storeId) body.store_id = storeId;
  Object.assign(body, readingOfForm(f));
  const auth = f("auth");
  if (auth === "none") body.credentials = { kind: "none" };
  else if (auth === "basic") {
    if (!f("user") || !form.get("password")) return fail("Give the user name and the password.", 400);
    body.credentials = { kind: "basic", user: f("user"), password: String(form.get("password")) };
  } else if (auth === "bearer") {
    if (!f("token")) return fail("Give the token.", 400);
    body.credentials = { kind: "bearer", token: f("token") };
  }
  const res = await context.api<Source>("/api/console/feeds/source", { method: "PUT", body });
  if (!res.ok)
    return fail(apiErrorMessage(res.data, "The feed could not be saved. Please try again."), res.status);
  return { step: "saved", storeId } satisfies ActionAnswer;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) +
  " UTC";

const DONE: Record<Exclude<ActionAnswer["step"], "error">, string> = {
  saved: "Saved. A new address is fetched within minutes.",
  fetched: "Fetched: see the last fetch below.",
  deleted: "The scheduled feed is removed: nothing more is fetched.",
  applied: "Applied. Shoppers see the new shelf now.",
};

export default function ConsoleFeedSource({ loaderData, actionData: given }: Route.ComponentProps) {
  const actionData = useKeptActionData(given);
  const { stores, source } = loaderData;
  const storeId = actionData?.storeId ?? loaderData.storeId;
  const busy = useNavigation().state !== "idle";
  const answer = actionData as ActionAnswer | undefined;
  const last = source?.last_fetch ?? null;
  const feed = source?.last_feed ?? null;
  const back = storeId
    ? `/console/stock/feed?store_id=${encodeURIComponent(storeId)}`
    : "/console/stock/feed";
  return (
    <div className="page page--narrow console">
      <ConsoleBar admin={stores !== null} />
      <header className="page-head">
        <h1 className="page-head__title">Scheduled feed</h1>
        <p className="page-head__lead">
          Let us fetch your point-of-sale export from your system on a schedule, instead of uploading it.{" "}
          <Link to={back}>Back to the shelf feed</Link>
        </p>
      </header>
      {stores ? <StorePicker stores={stores} current={storeId || null} /> : null}
      {answer?.step === "error" ? <FormError message={answer.message} /> : null}
      {answer && answer.step !== "error" ? (
        <p className="form-message form-message--success" role="status">
          {DONE[answer.step]}
        </p>
      ) : null}
      {source ? (
        <section aria-labelledby="feed-last" className="console-feed__review">
          <h2 id="feed-last">Last fetch</h2>
          {last ? (
            <p>
              {when(last.at)}:{" "}
              {last.result === "failed"
                ? last.error
                : last.result === "applied"
                  ? "fetched and applied."
                  : "fetched; the changes wait for your review."}
            </p>
          ) : (
            <p>Not fetched yet.</p>
          )}
          {feed ? (
            <p>
              Latest file: {feed.lines} line{feed.lines === 1 ? "" : "s"}. Prices up: {feed.counts.priceUp},
              down: {feed.counts.priceDown}; stock changed: {feed.counts.stockChanged}; new on the shelf:{" "}
              {feed.counts.newlyStocked}; not in the file: {feed.counts.missing}.{" "}
              {feed.status === "applied" ? "Applied." : "Not applied yet."}
            </p>
          ) : null}
          {feed && feed.status !== "applied" ? (
            <ApplyFeedForm feedId={feed.id} storeId={storeId} busy={busy} />
          ) : null}
          <p>
            {source.fetching ? "Being fetched now. " : ""}Next fetch: {when(source.next_fetch_at)}.
          </p>
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="intent" value="fetch" />
            <input type="hidden" name="store_id" value={storeId} />
            <button type="submit" className="button" disabled={busy}>
              {busy ? "Fetching…" : "Fetch now"}
            </button>
          </Form>
        </section>
      ) : null}
      <Form method="post" className="console-feed__upload" aria-label="Scheduled feed settings">
        <CsrfField />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="store_id" value={storeId} />
        <label>
          The file's address (https://)
          <input
            name="url"
            type="url"
            required
            inputMode="url"
            autoComplete="off"
            placeholder="https://pos.example.com/export/items.csv"
            defaultValue={source?.url ?? ""}
          />
        </label>
        <fieldset>
          <legend>Sign-in the address needs</legend>
          {source?.credentials.set ? (
            <label>
              <input type="radio" name="auth" value="keep" defaultChecked /> Keep the saved{" "}
              {source.credentials.kind === "basic" ? "user name and password" : "token"}
            </label>
          ) : null}
          <label>
            <input type="radio" name="auth" value="none" defaultChecked={!source?.credentials.set} /> None
          </label>
          <label>
            <input type="radio" name="auth" value="basic" /> A user name and password
          </label>
          <label>
            User name
            <input name="user" autoComplete="off" />
          </label>
          <label>
            Password
            <input name="password" type="password" autoComplete="new-password" />
          </label>
          <label>
            <input type="radio" name="auth" value="bearer" /> A token
          </label>
          <label>
            Token
            <input name="token" type="password" autoComplete="off" />
          </label>
          <p>Kept encrypted and never shown again.</p>
        </fieldset>
        <FeedReadingFields reading={source} />
        <label>
          Fetch every (hours, 1 to 24)
          <input
            name="every_hours"
            type="number"
            min={1}
            max={24}
            step={1}
            required
            defaultValue={source?.every_hours ?? 24}
          />
        </label>
        <fieldset>
          <legend>When a file is fetched</legend>
          <label>
            <input type="radio" name="auto_apply" value="no" defaultChecked={!source?.auto_apply} /> Keep the
            changes for my review
          </label>
          <label>
            <input type="radio" name="auto_apply" value="yes" defaultChecked={source?.auto_apply ?? false} />{" "}
            Apply them at once
          </label>
        </fieldset>
        <button type="submit" className="button" disabled={busy}>
          Save
        </button>
      </Form>
      {source ? (
        <Form method="post" className="console-feed__review">
          <CsrfField />
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="store_id" value={storeId} />
          <button type="submit" className="button" disabled={busy}>
            Stop fetching and forget the address
          </button>
        </Form>
      ) : null}
    </div>
  );
}
