import { useEffect, useReducer, useState } from "react";
import { data, Form, Link, type ShouldRevalidateFunction, useNavigation, useRevalidator } from "react-router";
import type { Availability } from "#domain/availability/types.ts";
import { AVAILABILITY_FAILED } from "#domain/copy.ts";
import { dateWords, GIFT_MESSAGES, NO_PICK, pickReducer, pickToChoice } from "#domain/gifts/claim.ts";
import type { GiftView } from "#domain/gifts/types.ts";
import { Logo } from "../components/shell/logo.tsx";
import { formFields } from "../features/accounts/forms.server.ts";
import { CsrfField } from "../features/accounts/session.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { DownloadAppModal } from "../features/gifts/download-app-modal.tsx";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import type { Route } from "./+types/giftclaim";

export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = ({ data: d }) => [
  {
    title: d && "gift" in d && d.gift ? `A gift from ${d.gift.from} | Nightcap` : "Your gift | Nightcap",
  },
  { name: "robots", content: "noindex" },
];

type AvailabilityResult = { ok: true; data: Availability } | { ok: false; message: string };

/**
 * /giftclaim/{orderId} and anything beneath it (spec §2, §4 Gift claim): the link's token (`?token=`) is the key, no
 * account needed (docs/adr/0027-gift-claim.md). The gift and, while it is open, its store's availability cut to the
 * expiry; `?date=` chooses the date without JavaScript.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const id = encodeURIComponent(params.orderId);
  if (!token) return data({ gift: null, token, availability: null, date: null }, { status: 404 });
  const q = `token=${encodeURIComponent(token)}`;
  const res = await context.api<ApiAnswer<"getGiftOrder">>(`/order/gift/${id}?${q}`);
  if (res.status === 404 || res.status === 400)
    return data({ gift: null, token, availability: null, date: null }, { status: 404 });
  if (!res.ok) throw new Response(null, { status: 500 });
  const gift = res.data;
  let availability: AvailabilityResult | null = null;
  if (gift.state === "open") {
    const a = await context.api<ApiAnswer<"getGiftAvailability">>(`/order/gift/${id}/availability?${q}`);
    availability = a.ok ? { ok: true, data: a.data } : { ok: false, message: AVAILABILITY_FAILED };
  }
  const status = gift.state === "expired" || gift.state === "cancelled" ? 410 : 200;
  return data({ gift, token, availability, date: url.searchParams.get("date") }, { status });
}

/** Confirms the claim: PUT /order/gift/{orderId} with the slot or the ETA, the notes and the unit. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const f = await formFields(request);
  const when = f.when ?? "";
  const body: Record<string, unknown> = {
    token: new URL(request.url).searchParams.get("token") ?? f.token ?? "",
    notes: f.notes ?? "",
    unit: f.unit ?? "",
  };
  if (when === "eta") body.eta = true;
  else if (when.includes("|")) {
    const [date, start] = when.split("|");
    body.slot = { date, start };
  } else return data({ ok: false as const, message: GIFT_MESSAGES.chooseTime }, { status: 400 });
  const res = await context.api<ApiAnswer<"updateGiftOrder">>(
    `/order/gift/${encodeURIComponent(params.orderId)}`,
    {
      method: "PUT",
      body,
    },
  );
  if (res.ok) return { ok: true as const, message: null };
  return data(
    { ok: false as const, message: apiErrorMessage(res.data, "We couldn't confirm that. Please try again.") },
    { status: res.status },
  );
}

/** A refused claim (the slot went, someone claimed it, it lapsed): show the gift and its times as they are now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || actionStatus === 410 ? true : defaultShouldRevalidate;

export default function GiftClaim({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { gift } = loaderData;
  const [appOpen, setAppOpen] = useState(false);
  // Claimed just now: offer the app to follow the delivery.
  useEffect(() => {
    if (actionData?.ok) setAppOpen(true);
  }, [actionData]);
  return (
    <div className="gift-claim">
      <header className="gift-claim__top">
        <Link to="/" className="gift-claim__logo" aria-label="Nightcap home">
          <Logo />
        </Link>
      </header>
      <main id="main" className="gift-claim__main">
        {gift ? (
          <>
            <GiftCard gift={gift} />
            <GiftBody
              gift={gift}
              token={loaderData.token}
              availability={loaderData.availability}
              urlDate={loaderData.date}
              error={actionData && !actionData.ok ? actionData.message : null}
              onApp={() => setAppOpen(true)}
            />
          </>
        ) : (
          <section className="gift-claim__panel" aria-labelledby="gift-missing">
            <h1 id="gift-missing" className="gift-claim__title">
              That link didn't work
            </h1>
            <p>{GIFT_MESSAGES.notFound}</p>
            <Link className="button button--primary" to="/">
              Go to Nightcap
            </Link>
          </section>
        )}
      </main>
      <p className="gift-claim__age">You must be 21 or older to receive alcohol. Please drink responsibly.</p>
      <DownloadAppModal open={appOpen} onClose={() => setAppOpen(false)} />
    </div>
  );
}

function GiftCard({ gift }: { gift: GiftView }) {
  return (
    <section className="gift-card" aria-labelledby="gift-title">
      <p className="gift-card__eyebrow">
        {gift.occasion ? `${gift.occasion} · ` : ""}A gift from {gift.from}
      </p>
      <h1 id="gift-title" className="gift-claim__title">
        {gift.recipient}, you've got a gift!
      </h1>
      {gift.note ? <blockquote className="gift-card__note">“{gift.note}”</blockquote> : null}
      {gift.recipient_note && gift.recipient_note !== gift.note ? (
        <p className="gift-card__recipient-note">{gift.recipient_note}</p>
      ) : null}
      <ul className="gift-card__items" aria-label="In your gift">
        {gift.products.map((p) => (
          <li key={p.sku_id}>
            <img src={p.image} alt="" width={48} height={48} loading="lazy" />
            <span>
              {p.qty > 1 ? `${p.qty} × ` : ""}
              {p.title}
            </span>
          </li>
        ))}
      </ul>
      <p className="gift-card__from">From {gift.store.name}</p>
    </section>
  );
}

function addressLine(a: GiftView["delivery_address"]) {
  // The address line is the whole formatted address (street, city, state, ZIP), as the sender chose it.
  return `${a.address}${a.unit ? ` (${a.unit})` : ""}`;
}

function GiftBody(props: {
  gift: GiftView;
  token: string;
  availability: AvailabilityResult | null;
  urlDate: string | null;
  error: string | null;
  onApp: () => void;
}) {
  const { gift } = props;
  switch (gift.state) {
    case "open":
      return <ClaimForm {...props} />;
    case "claimed":
      return (
        <section className="gift-claim__panel gift-claim__done" aria-labelledby="gift-done">
          <h2 id="gift-done" className="gift-claim__heading">
            You're all set
          </h2>
          <p role="status">
            {gift.scheduled
              ? `Your gift arrives ${dateWords(gift.scheduled.date)}, ${gift.scheduled.label}.`
              : `Your gift is coming as soon as possible: about ${gift.eta ?? "soon"}.`}
          </p>
          <p className="gift-claim__muted">Delivering to {addressLine(gift.delivery_address)}</p>
          <p className="gift-claim__muted">Have your ID ready: the driver checks it at the door.</p>
          <button type="button" className="button button--primary button--block" onClick={props.onApp}>
            Get the app to follow it
          </button>
        </section>
      );
    case "expired":
    case "cancelled":
      return (
        <section className="gift-claim__panel" aria-labelledby="gift-gone">
          <h2 id="gift-gone" className="gift-claim__heading">
            {gift.state === "expired" ? "This gift has expired" : "This gift was cancelled"}
          </h2>
          <p role="alert">{GIFT_MESSAGES[gift.state]}</p>
        </section>
      );
    case "arranged":
      return (
        <section className="gift-claim__panel" aria-labelledby="gift-arranged">
          <h2 id="gift-arranged" className="gift-claim__heading">
            It's on its way
          </h2>
          <p>
            {GIFT_MESSAGES.arranged}
            {gift.eta
              ? ` It arrives ${gift.scheduled ? `${dateWords(gift.scheduled.date)}, ` : "in about "}${gift.eta}.`
              : ""}
          </p>
          <button type="button" className="button button--ghost button--block" onClick={props.onApp}>
            Get the app
          </button>
        </section>
      );
  }
}

function ClaimForm({
  gift,
  token,
  availability,
  urlDate,
  error,
}: {
  gift: GiftView;
  token: string;
  availability: AvailabilityResult | null;
  urlDate: string | null;
  error: string | null;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const options = availability?.ok ? availability.data : null;
  const firstDate = options?.dates[0]?.date ?? null;
  const startDate = options?.dates.some((d) => d.date === urlDate) ? urlDate : firstDate;
  const [pick, dispatch] = useReducer(pickReducer, { ...NO_PICK, date: startDate });
  // Spec §4: availability loading, then success or error. It loads again after a refused claim.
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" &&
      navigation.location.pathname.startsWith(`/giftclaim/${gift.order_id}`));
  const phase: "loading" | "success" | "error" = loading ? "loading" : options ? "success" : "error";
  const day = options?.dates.find((d) => d.date === pick.date) ?? options?.dates[0] ?? null;
  const nothing = options && !options.immediate_delivery && options.dates.length === 0;
  const submitting = navigation.state === "submitting";
  const chosen = pickToChoice(pick);
  const dateHref = (date: string) =>
    `/giftclaim/${gift.order_id}?token=${encodeURIComponent(token)}&date=${date}`;

  return (
    <Form method="post" className="gift-claim__panel gift-claim__form" aria-labelledby="gift-when">
      <CsrfField />
      <input type="hidden" name="token" value={token} />
      <h2 id="gift-when" className="gift-claim__heading">
        When should it arrive?
      </h2>
      <p className="gift-claim__muted">
        Delivering to {addressLine(gift.delivery_address)}. Claim it by{" "}
        {new Date(gift.expires).toLocaleDateString("en-US", { month: "short", day: "numeric" })}.
      </p>
      <div className="gift-claim__availability" data-state={phase} aria-busy={phase === "loading"}>
        {phase === "loading" ? (
          <p role="status">Loading delivery times…</p>
        ) : phase === "error" ? (
          <div role="alert" className="form-message form-message--error">
            <p>{availability && !availability.ok ? availability.message : AVAILABILITY_FAILED}</p>
            {hydrated ? (
              <button type="button" className="button button--small" onClick={() => revalidator.revalidate()}>
                Try again
              </button>
            ) : null}
          </div>
        ) : nothing ? (
          <p role="status">The store can't deliver before this gift expires. Please contact the sender.</p>
        ) : (
          <>
            {options?.immediate_delivery ? (
              <label className={`gift-option gift-option--eta${pick.eta ? " gift-option--on" : ""}`}>
                <input
                  type="radio"
                  name="when"
                  value="eta"
                  checked={pick.eta}
                  onChange={() => dispatch({ type: "eta" })}
                />
                <span>
                  <strong>As soon as possible</strong>
                  <span className="gift-claim__muted"> · arrives in {options.eta.display}</span>
                </span>
              </label>
            ) : null}
            {options && options.dates.length > 0 ? (
              <fieldset className="gift-claim__slots">
                <legend>{options.immediate_delivery ? "Or schedule it" : "Schedule it"}</legend>
                <nav className="gift-claim__dates" aria-label="Delivery date">
                  {options.dates.map((d) => (
                    <Link
                      key={d.date}
                      className="chip"
                      to={dateHref(d.date)}
                      replace
                      preventScrollReset
                      aria-current={d.date === day?.date ? "page" : undefined}
                      onClick={(event) => {
                        if (!hydrated) return;
                        event.preventDefault();
                        dispatch({ type: "date", date: d.date });
                      }}
                    >
                      {d.label}
                    </Link>
                  ))}
                </nav>
                {day ? (
                  <div
                    className="gift-claim__slot-list"
                    role="radiogroup"
                    aria-label={`Times on ${day.label}`}
                  >
                    {day.slots.map((s) => (
                      <label
                        key={s.start}
                        className={`gift-option${pick.slot === s.start ? " gift-option--on" : ""}`}
                      >
                        <input
                          type="radio"
                          name="when"
                          value={`${day.date}|${s.start}`}
                          checked={pick.slot === s.start}
                          onChange={() => dispatch({ type: "slot", date: day.date, start: s.start })}
                        />
                        <span>{s.label}</span>
                      </label>
                    ))}
                  </div>
                ) : null}
              </fieldset>
            ) : null}
          </>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="gift-unit">
          Apt, suite or floor
        </label>
        <input
          id="gift-unit"
          className="input"
          name="unit"
          maxLength={40}
          defaultValue={gift.delivery_address.unit ?? ""}
          autoComplete="address-line2"
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="gift-notes">
          Notes for the driver
        </label>
        <textarea id="gift-notes" className="input" name="notes" rows={2} maxLength={500} />
      </div>
      {error ? (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary button--large button--block"
        disabled={phase !== "success" || Boolean(nothing) || submitting || (hydrated && !chosen)}
      >
        {submitting ? "Confirming…" : "Confirm delivery"}
      </button>
    </Form>
  );
}
