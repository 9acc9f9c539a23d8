import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import { simulatedPath } from "#domain/delivery/driving.ts";
import type { LatLng } from "#domain/geo/types.ts";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { CONSOLE_HANDLE, ConsoleBar, ConsoleRefused, consoleMeta } from "../features/console/console-bar.tsx";
import { needsConfirmation } from "../features/console/dispatch-confirm.ts";
import { type DoorAnswer, DoorScanner, REFUSAL_OPTIONS } from "../features/console/door-check.tsx";
import { usePolling } from "../features/console/use-polling.ts";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage, browserApi } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-driver";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Driver");

type Order = ApiAnswer<"getDriverRuns">["ready"][number];

/** /console/driver: the driver's run on a phone (GET /api/console/driver), refreshed every 10 seconds. */
export async function loader({ context }: Route.LoaderArgs) {
  const res = await context.api<ApiAnswer<"getDriverRuns">>("/api/console/driver");
  if (res.status === 403)
    return data(
      { runs: null, forbidden: apiErrorMessage(res.data, "The store console is for store staff.") },
      { status: 403 },
    );
  if (!res.ok) throw new Response(null, { status: 500 });
  return { runs: res.data, forbidden: null };
}

const VERBS = new Set(["dispatch", "deliver", "door-refusal"]);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const verb = String(form.get("intent") ?? "");
  const id = String(form.get("order") ?? "");
  if (!VERBS.has(verb) || !id)
    return data({ ok: false, message: "Choose what to do.", confirmOrder: null }, { status: 400 });
  const body =
    verb === "door-refusal"
      ? { reason: String(form.get("reason") ?? "") }
      : verb === "dispatch" && form.get("confirm") === "yes"
        ? { confirm: true }
        : {};
  const res = await context.api(`/api/console/orders/${encodeURIComponent(id)}/${verb}`, {
    method: "POST",
    body,
  });
  if (res.ok) return { ok: true, message: null, confirmOrder: null };
  return data(
    {
      ok: false,
      message: apiErrorMessage(res.data, "That did not work. Please try again."),
      // Too early for its slot, or the store closed: picking it up takes the driver's word (docs/adr/0051).
      confirmOrder: verb === "dispatch" && needsConfirmation(res.data) ? id : null,
    },
    { status: res.status },
  );
}

export default function DriverPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  usePolling(10_000);
  const busy = useNavigation().state !== "idle";
  if (!loaderData.runs) return <ConsoleRefused title="Driver" message={loaderData.forbidden} />;
  const { store, ready, route, simulator } = loaderData.runs;
  return (
    <div className="page page--narrow console driver">
      <ConsoleBar />
      <header className="page-head">
        <p className="page-head__eyebrow">
          <Link to="/console">All orders</Link>
        </p>
        <h1 className="page-head__title">Your run</h1>
        {store ? (
          <p className="page-head__lead">
            From {store.name}, {store.address}
          </p>
        ) : null}
      </header>
      <FormError message={actionData && !actionData.ok ? actionData.message : undefined} />

      <section className="checkout__section" aria-label="On the road">
        <h2 className="checkout__heading">On the road ({route.length})</h2>
        {route.length === 0 ? <p>Nothing on the road. Pick up an order below.</p> : null}
        <ol className="driver__stops">
          {route.map((stop, i) => (
            <Stop
              key={stop.order._id}
              index={i + 1}
              order={stop.order}
              door={stop.position}
              from={i === 0 && store ? store : (route[i - 1]?.position ?? stop.position)}
              simulator={simulator}
              busy={busy}
            />
          ))}
        </ol>
      </section>

      <section className="checkout__section" aria-label="Ready to go">
        <h2 className="checkout__heading">Ready to go ({ready.length})</h2>
        {ready.length === 0 ? <p>No order is waiting to go out.</p> : null}
        <ul className="driver__ready">
          {ready.map((o) => (
            <li key={o._id}>
              <span>
                #{o.order_number} · {o.delivery_address_detail.address}
              </span>
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="order" value={o._id} />
                <input type="hidden" name="intent" value="dispatch" />
                {actionData?.confirmOrder === o._id ? (
                  <input type="hidden" name="confirm" value="yes" />
                ) : null}
                <button type="submit" className="button button--primary" disabled={busy}>
                  Pick up #{o.order_number}
                  {actionData?.confirmOrder === o._id ? " anyway" : ""}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** Where a report went: the ETA and words the shopper now reads, or why it failed. */
type Reported = ApiAnswer<"reportDriverPosition"> | { error: string };

function Stop({
  index,
  order,
  door,
  from,
  simulator,
  busy,
}: {
  index: number;
  order: Order;
  door: LatLng;
  from: LatLng;
  simulator: boolean;
  busy: boolean;
}) {
  const [reported, setReported] = useState<Reported | null>(null);
  const [sharing, setSharing] = useState(false);
  const [drive, setDrive] = useState<LatLng[] | null>(null);
  const [scanning, setScanning] = useState(false);
  const [atDoor, setAtDoor] = useState<DoorAnswer | null>(null);
  const revalidator = useRevalidator();
  const lastSent = useRef(0);
  const a = order.delivery_address_detail;

  async function report(position: LatLng) {
    const res = await browserApi<ApiAnswer<"reportDriverPosition">>(
      `/api/console/orders/${encodeURIComponent(order._id)}/position`,
      { method: "POST", body: position },
    );
    setReported(res.ok ? res.data : { error: apiErrorMessage(res.data, "Your position did not reach us.") });
    return res.ok;
  }
  // The effects below outlive a render: they call the latest `report`.
  const reportLatest = useRef(report);
  reportLatest.current = report;

  // The phone's position, at most every 15 seconds while sharing.
  useEffect(() => {
    if (!sharing) return;
    if (!("geolocation" in navigator)) {
      setReported({ error: "This phone cannot share its location." });
      setSharing(false);
      return;
    }
    const watch = navigator.geolocation.watchPosition(
      (p) => {
        if (Date.now() - lastSent.current < 15_000) return;
        lastSent.current = Date.now();
        void reportLatest.current({ lat: p.coords.latitude, lng: p.coords.longitude });
      },
      () => {
        setReported({ error: "Location is off: allow it for this site to share where you are." });
        setSharing(false);
      },
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [sharing]);

  // Development: drive from the last stop (or the store) to this door in twelve steps, one every 1.5 seconds.
  useEffect(() => {
    if (!drive) return;
    let step = 0;
    const timer = setInterval(async () => {
      const ok = await reportLatest.current(drive[step]);
      step += 1;
      if (!ok || step >= drive.length) {
        clearInterval(timer);
        setDrive(null);
      }
    }, 1500);
    return () => clearInterval(timer);
  }, [drive]);

  return (
    <li className="driver__stop" data-order={order._id}>
      <p className="driver__stop-head">
        <span className="driver__stop-number">{index}</span> #{order.order_number}
      </p>
      <p>
        <a href={`https://www.google.com/maps/dir/?api=1&destination=${a.lat},${a.lng}`} rel="noreferrer">
          {a.address}
          {a.unit ? `, ${a.unit}` : ""}
        </a>
      </p>
      {order.delivery_notes ? <p className="driver__notes">Notes: {order.delivery_notes}</p> : null}
      <p>{itemCount(order)} · scan the ID of the customer or the gift's recipient, 21 or over, at the door</p>
      <p className="driver__eta" aria-live="polite">
        {reported && "error" in reported
          ? reported.error
          : `${reported?.tracking_state ?? order.tracking_state ?? "On the way"} · ${reported?.eta ?? order.eta ?? ""}`}
      </p>
      <div className="driver__actions">
        <button type="button" className="button" onClick={() => setSharing((s) => !s)}>
          {sharing ? "Stop sharing location" : "Share my location"}
        </button>
        {simulator ? (
          <button
            type="button"
            className="button"
            disabled={drive !== null}
            onClick={() => setDrive(simulatedPath(from, door, 12))}
          >
            {drive ? "Driving…" : "Simulate the drive"}
          </button>
        ) : null}
      </div>
      <section className="driver__door" aria-label={`At the door of #${order.order_number}`}>
        <button type="button" className="button button--primary" onClick={() => setScanning(true)}>
          Scan ID
        </button>
        {atDoor?.result === "refused" ? (
          <p className="driver__door-refused" role="alert">
            {atDoor.message}
          </p>
        ) : null}
        <Form method="post" className="driver__refuse">
          <CsrfField />
          <input type="hidden" name="order" value={order._id} />
          <input type="hidden" name="intent" value="door-refusal" />
          <label className="field__label" htmlFor={`refusal-${order._id}`}>
            Not handed over because
          </label>
          <select
            id={`refusal-${order._id}`}
            name="reason"
            className="input"
            key={atDoor?.result === "refused" ? atDoor.suggested : "none"}
            defaultValue={atDoor?.result === "refused" ? atDoor.suggested : ""}
            required
          >
            <option value="" disabled>
              Choose why
            </option>
            {REFUSAL_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <button type="submit" className="button" disabled={busy}>
            Not handed over
          </button>
        </Form>
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="order" value={order._id} />
          <input type="hidden" name="intent" value="deliver" />
          <button type="submit" className="button button--ghost" disabled={busy}>
            Delivered (ID checked by eye)
          </button>
        </Form>
      </section>
      <DoorScanner
        orderId={order._id}
        orderNumber={order.order_number}
        open={scanning}
        onClose={() => {
          setScanning(false);
          if (atDoor?.result === "handed_over") void revalidator.revalidate();
        }}
        onAnswer={setAtDoor}
      />
    </li>
  );
}

function itemCount(order: Order): string {
  const n = order.products.reduce((sum, p) => sum + p.qty, 0);
  return `${n} ${n === 1 ? "item" : "items"}`;
}
