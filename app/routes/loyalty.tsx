import { data, Form, Link, redirect, useNavigation } from "react-router";
import { entriesForOrder } from "#domain/loyalty/giveaway.ts";
import { ACTIONS, type LedgerKind } from "#domain/loyalty/programme.ts";
import { formatCents } from "#domain/money.ts";
import { FormError, FormNotice } from "../features/accounts/auth-layout.tsx";
import { formFields } from "../features/accounts/forms.server.ts";
import { CsrfField } from "../features/accounts/session.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { useGiveawayConfig } from "../features/loyalty/giveaway-config.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/loyalty";

export const meta: Route.MetaFunction = () => [
  { title: "Rewards | Nightcap" },
  { name: "robots", content: "noindex" },
];

/** /loyalty (spec §2, logged-in shoppers, in the shell): points, tier, progress, actions, history, redeeming. */
export async function loader({ context }: Route.LoaderArgs) {
  const res = await context.api<ApiAnswer<"getLoyalty">>("/me/loyalty");
  if (res.status === 401) throw redirect("/login?returnTo=%2Floyalty");
  if (!res.ok) throw data(null, { status: 500 });
  return res.data;
}

export async function action({ request, context }: Route.ActionArgs) {
  const f = await formFields(request);
  const res = await context.api<ApiAnswer<"redeemLoyaltyPoints">>("/me/loyalty/redeem", {
    method: "POST",
    body: { steps: Number(f.steps ?? "1") },
  });
  if (res.status === 401) return redirect("/login?returnTo=%2Floyalty");
  return res.ok
    ? {
        ok: true as const,
        message: `Redeemed ${res.data.points} points for ${formatCents(res.data.cents, true)} of store credit.`,
      }
    : data(
        { ok: false as const, error: apiErrorMessage(res.data, "Those points could not be redeemed.") },
        { status: res.status },
      );
}

const KIND_LABELS: Record<LedgerKind, string> = {
  earned: "Earned",
  action: "Bonus",
  reversed: "Taken back",
  redeemed: "Redeemed",
  expired: "Expired",
  adjusted: "Adjusted",
};

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

const actionLabel = (id: string) => ACTIONS.find((a) => a.id === id);

export default function Loyalty({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { loyalty, history, giveaway } = loaderData;
  const busy = useNavigation().state === "submitting";
  const config = useGiveawayConfig(giveaway);
  const step = loyalty.redeemStep;
  const affordable = Math.min(10, Math.floor(Math.max(0, loyalty.currentPoints) / step.points));
  const entries = giveaway.giveaway
    ? (giveaway.entries.find((e) => e.giveawayId === giveaway.giveaway?.id)?.entries ?? 0)
    : null;

  return (
    <div className="page page--narrow loyalty-page">
      <header className="page-head">
        <h1 className="page-head__title">{loyalty.programTitle}</h1>
        <p className="page-head__lead">{loyalty.programDescription}</p>
      </header>

      <section className="account-section" aria-labelledby="standing-title">
        <h2 id="standing-title" className="account-section__title">
          Your points
        </h2>
        <p className="loyalty-standing">
          <span className="loyalty-standing__points">
            <strong data-testid="loyalty-points">{loyalty.currentPoints}</strong> points
          </span>
          <span className="loyalty-standing__tier">
            Status: <strong data-testid="loyalty-tier">{loyalty.currentStatus}</strong>
          </span>
        </p>
        {loyalty.nextStatus ? (
          <div className="loyalty-progress">
            <div
              className="loyalty-progress__bar"
              role="progressbar"
              aria-label={`Progress to ${loyalty.nextStatus}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={loyalty.progressPercent}
            >
              <span style={{ width: `${loyalty.progressPercent}%` }} />
            </div>
            <p data-testid="loyalty-next">
              {loyalty.pointsToNextStatus} points to {loyalty.nextStatus}
            </p>
          </div>
        ) : (
          <p data-testid="loyalty-next">You hold our top status.</p>
        )}
      </section>

      <section className="account-section" aria-labelledby="redeem-title">
        <h2 id="redeem-title" className="account-section__title">
          Redeem points
        </h2>
        <p>
          Every {step.points} points become {formatCents(step.cents, true)} of store credit, spent at
          checkout. <Link to="/account/promos">See your store credit</Link>.
        </p>
        {affordable > 0 ? (
          <Form method="post" className="auth-form loyalty-redeem" aria-label="Redeem points">
            <CsrfField />
            <label htmlFor="redeem-steps">How much</label>
            <select id="redeem-steps" name="steps" className="input" defaultValue="1">
              {Array.from({ length: affordable }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n * step.points} points for {formatCents(n * step.cents, true)}
                </option>
              ))}
            </select>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Redeeming…" : "Redeem"}
            </button>
          </Form>
        ) : (
          <p>You need {step.points - Math.max(0, loyalty.currentPoints)} more points to redeem.</p>
        )}
        <FormError message={actionData && !actionData.ok ? actionData.error : null} />
        <FormNotice message={actionData?.ok ? actionData.message : null} />
      </section>

      <section className="account-section" aria-labelledby="tiers-title">
        <h2 id="tiers-title" className="account-section__title">
          Status tiers
        </h2>
        <ol className="loyalty-tiers">
          {loyalty.statusTiers.map((t) => (
            <li
              key={t.name}
              className={
                t.name === loyalty.currentStatus ? "loyalty-tiers__tier is-current" : "loyalty-tiers__tier"
              }
              aria-current={t.name === loyalty.currentStatus ? "true" : undefined}
            >
              <strong>{t.name}</strong> <span>from {t.points} points</span>
              <span>{t.benefits.join(" · ")}</span>
            </li>
          ))}
        </ol>
        <p>
          <Link to="/loyalty-program-benefits">How the programme works</Link>
        </p>
      </section>

      <section className="account-section" aria-labelledby="actions-title">
        <h2 id="actions-title" className="account-section__title">
          Bonus points
        </h2>
        <div className="loyalty-actions">
          <div>
            <h3>To do</h3>
            {loyalty.uncompletedActions.length === 0 ? (
              <p>All done. Thank you!</p>
            ) : (
              <ul data-testid="actions-todo">
                {loyalty.uncompletedActions.map((id) => (
                  <li key={id}>
                    {actionLabel(id)?.label ?? id}{" "}
                    <span className="loyalty-muted">+{actionLabel(id)?.points}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h3>Done</h3>
            {loyalty.completedActions.length === 0 ? (
              <p>Nothing yet.</p>
            ) : (
              <ul data-testid="actions-done">
                {loyalty.completedActions.map((id) => (
                  <li key={id}>
                    {actionLabel(id)?.label ?? id}{" "}
                    <span className="loyalty-muted">+{actionLabel(id)?.points}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </section>

      <section className="account-section" aria-labelledby="giveaway-title">
        <h2 id="giveaway-title" className="account-section__title">
          Giveaway
        </h2>
        {config.isActive && giveaway.giveaway ? (
          <p>
            <strong>{giveaway.giveaway.title}</strong>: every completed order earns {entriesForOrder(config)}{" "}
            entries.
          </p>
        ) : (
          <p>No giveaway is running right now.</p>
        )}
        {entries !== null ? (
          <p>
            Your entries: <strong data-testid="giveaway-entries">{entries}</strong>.{" "}
            <Link to="/sweepstakes-rules">Official rules</Link>
          </p>
        ) : null}
      </section>

      <section className="account-section" aria-labelledby="history-title">
        <h2 id="history-title" className="account-section__title">
          History
        </h2>
        {history.length === 0 ? (
          <p>Your points will show here after your first completed order.</p>
        ) : (
          <table className="loyalty-history" data-testid="loyalty-history">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">What</th>
                <th scope="col" className="loyalty-history__points">
                  Points
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.id}>
                  <td>{dateOf(h.createdAt)}</td>
                  <td>
                    {KIND_LABELS[h.kind]}: {h.reason}
                  </td>
                  <td className="loyalty-history__points">{h.points > 0 ? `+${h.points}` : h.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
