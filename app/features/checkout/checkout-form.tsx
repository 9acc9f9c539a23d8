import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { onDemand } from "#app/components/on-demand.tsx";
import { track } from "#app/lib/analytics.ts";
import { apiErrorMessage, browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { CHECKOUT_STARTED } from "#domain/analytics/events.ts";
import type { Availability } from "#domain/availability/types.ts";
import type { Cart } from "#domain/cart/types.ts";
import { GIFT_OCCASIONS } from "#domain/checkout/gift.ts";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import type { RoundUpInfo } from "#domain/checkout/types.ts";
import {
  CHECKOUT_FAILED,
  GIFT_SCHEDULE_BY_RECIPIENT,
  ORDER_FAILED_EVENT,
  PART_FAILED,
} from "#domain/copy.ts";
import { returnFeeSentence } from "#domain/door/return-fee.ts";
import type { SavedAddress } from "#domain/geo/api.ts";
import { formatCents } from "#domain/money.ts";
import type { PaymentConfig, SavedCard } from "#domain/payments/types.ts";
import { WALLET_LABELS, type WalletMethod } from "#domain/payments/wallets.ts";
import { FormError } from "../accounts/auth-layout.tsx";
import { type AgeCheck, AgeCheckSection, useAgeCheck } from "../age/age-check.tsx";
import { CardEntry } from "./card-entry.tsx";
import type { CardFrameHandle } from "./card-frame.tsx";
import type { GiftQuoteState, GiftTo } from "./gift-destination.tsx";
import { type PointsOffer, PromoPanel } from "./promo-panel.tsx";
import type { WalletPayment } from "./wallets.ts";

/** The gift's destination (the recipient's address, checked against the zones) loads on demand (ADR 79). */
const GiftDestination = onDemand(() => import("./gift-destination.tsx").then((m) => m.GiftDestination));

/** The wallets' code (Payment Request API) loads after hydration, when they are asked about (issue 35 §3). */
const loadWallets = () => import("./wallets.ts");

export interface CheckoutData {
  userId: string;
  checkoutId: string;
  cart: Cart;
  cards: SavedCard[];
  payment: PaymentConfig;
  availability: Availability | null;
  address: SavedAddress | null;
  credit: number;
  /** The shopper's loyalty points and the programme's redemption step, to turn into credit at checkout. */
  points: PointsOffer | null;
  roundUp: RoundUpInfo | null;
  /** The gift bag (spec §9: one fixed SKU), when the store sells it. */
  giftBag: { sku: string; title: string; price: number; storeId: string } | null;
  /** Age verification for a cart that needs it (`verification_required`), else null. */
  ageCheck: AgeCheck | null;
}

const TIPS = [0, 10, 15, 20] as const;

/** Checkout (spec §2 /checkout, §3 Checkout, §4 Checkout): loading, then success or failed with the error. */
export function CheckoutForm({ data, variant }: { data: CheckoutData; variant: "steps" | "one-page" }) {
  useEffect(() => track(CHECKOUT_STARTED, { variant }), [variant]);
  const navigate = useNavigate();
  const frame = useRef<CardFrameHandle>(null);
  const [ownCart, setCart] = useState(data.cart);
  const [checkoutId, setCheckoutId] = useState(data.checkoutId);
  const [isGift, setGift] = useState(false);
  // A gift goes to its recipient's address unless the sender says it goes to their own (ADR 0053).
  const [giftTo, setGiftTo] = useState<GiftTo>("recipient");
  const [giftAddress, setGiftAddress] = useState("");
  const [giftUnit, setGiftUnit] = useState("");
  const [giftQuote, setGiftQuote] = useState<GiftQuoteState>({ status: "idle" });
  const elsewhere = isGift && giftTo === "recipient";
  const quoted = elsewhere && giftQuote.status === "quoted" ? giftQuote.quote : null;
  // Sent to the recipient, the cart is the one the server priced at the stores serving their address.
  const cart = quoted ? quoted.cart : ownCart;
  const availability = elsewhere ? (quoted?.availability ?? null) : data.availability;
  const onDemand = Object.values(cart.split_cart).some((e) => !e.is_shipping && e.subtotal > 0);
  // Before paying: what a refusal at the door costs (docs/adr/0062-the-handover-at-the-door.md).
  const returnFeeLine = returnFeeSentence(
    Object.values(cart.split_cart)
      .filter((e) => !e.is_shipping && e.subtotal > 0)
      .map((e) => e.return_fee),
  );
  const [tip, setTip] = useState<number>(onDemand ? 15 : 0);
  const [delivery, setDelivery] = useState<string>(data.availability?.immediate_delivery ? "asap" : "");
  const [cardChoice, setCardChoice] = useState<string>(
    data.cards.find((c) => c.is_primary)?.id ?? data.cards[0]?.id ?? "new",
  );
  const [saveCard, setSaveCard] = useState(true);
  // Wallets are known only in the browser (the Payment Request API), so they appear after hydration: those the
  // device answers for at once, the others when the shopper asks (asking may reach the wallet's servers).
  const [wallets, setWallets] = useState<WalletMethod[]>([]);
  const [askable, setAskable] = useState<WalletMethod[]>([]);
  const [walletNote, setWalletNote] = useState<string | null>(null);
  useEffect(() => {
    if (data.payment.walletMethods.length === 0) return;
    let live = true;
    loadWallets()
      .then(async ({ walletsToProbe, usableWallets }) => {
        if (!live) return;
        const probe = walletsToProbe(data.payment.walletMethods);
        setAskable(probe.onRequest);
        const usable = await usableWallets(probe.onLoad);
        if (live) setWallets(usable);
      })
      // Their code did not load: no wallet is offered, as in a browser without the API; cards still pay.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [data.payment.walletMethods]);
  const askWallet = async (method: WalletMethod) => {
    setAskable((left) => left.filter((m) => m !== method));
    // Offered only once the wallets' code has loaded (above): this answers at once.
    const { usableWallets } = await loadWallets();
    const [usable] = await usableWallets([method]);
    if (usable) {
      setWallets((known) => [...known, usable]);
      setCardChoice(usable.wallet);
      setWalletNote(null);
    } else {
      setWalletNote(`${WALLET_LABELS[method.wallet]} is not set up in this browser. Choose a card instead.`);
    }
  };
  // Spec §4 Age verification: a cart with nicotine or tobacco is placed only once the shopper is verified (1).
  const age = useAgeCheck(data.ageCheck, cart.verification_required);
  // Paying needs the page's scripts (the card is in the provider's frame): before they run, a press of Place order
  // would submit the form as a plain GET, reloading the page with the delivery details in its address.
  const hydrated = useHydrated();
  const [state, setState] = useState<{ status: "idle" | "loading" | "failed"; error: string | null }>({
    status: "idle",
    error: null,
  });

  /**
   * The cart as the recipient's address would have it, priced by the server (POST /order/gift-quote): who brings it,
   * at what price, what the stores there lack, when they deliver. Nothing is written; the shopper's cart stays theirs.
   */
  const quoteGift = useCallback(
    async (percent: number, shippingOption?: string) => {
      const address = giftAddress.trim();
      if (address.length < 3) return;
      setGiftQuote({ status: "loading" });
      const res = await browserApi<ApiAnswer<"quoteGift">>("/order/gift-quote", {
        method: "POST",
        body: { address, unit: giftUnit.trim() || undefined, tip: { percent }, shippingOption },
      }).catch(() => null);
      if (!res?.ok) {
        setGiftQuote({
          status: "failed",
          error: apiErrorMessage(res?.data, "We couldn't check that address. Please try again."),
        });
        return;
      }
      setGiftQuote({ status: "quoted", quote: res.data });
      // A time chosen for another address may not exist at this one: the recipient chooses unless the sender does again.
      setDelivery("recipient");
    },
    [giftAddress, giftUnit],
  );

  const reprice = useCallback(
    async (percent: number) => {
      if (elsewhere) {
        if (quoted) await quoteGift(percent, quoted.cart.selectedShippingOption?.name);
        return;
      }
      const res = await browserApi<ApiAnswer<"getCart">>(`/menu/cart/v2?tipPercent=${percent}`);
      if (res.ok) setCart(res.data);
    },
    [elsewhere, quoted, quoteGift],
  );

  const chooseTip = (percent: number) => {
    setTip(percent);
    void reprice(percent);
  };

  const toggleGift = (on: boolean) => {
    setGift(on);
    // Spec §4: the gift toggle changes the slot choice to 'Allow Recipient to Schedule Delivery'.
    setDelivery(on ? "recipient" : data.availability?.immediate_delivery ? "asap" : "");
  };

  const chooseGiftTo = (to: GiftTo) => {
    setGiftTo(to);
    setDelivery("recipient");
  };

  async function toggleRoundUp(on: boolean, orgId: string | null) {
    if (on && orgId)
      await browserApi("/order/round-up", {
        method: "PUT",
        body: { roundUpEnabled: true, roundUpOrgId: orgId },
      });
    const res = await browserApi<ApiAnswer<"updateCartItems">>(`/menu/cart/v2`, {
      method: "PATCH",
      body: { skus: [], roundUp: on },
    });
    if (res.ok) await reprice(tip);
  }

  /** Spec §1 and §3 Checkout: shipping is chosen here too; the order is priced with the option chosen. */
  async function chooseShipping(name: string) {
    // A gift shipped to its recipient: the server prices it with the option the request names.
    if (elsewhere) return quoteGift(tip, name);
    const res = await browserApi<ApiAnswer<"chooseShipping">>("/menu/cart/shipping/v2", {
      method: "POST",
      body: { shipping_name: name },
    });
    if (!res.ok)
      return setState({
        status: "failed",
        error: apiErrorMessage(res.data, "That shipping option could not be chosen."),
      });
    setState({ status: "idle", error: null });
    await reprice(tip);
  }

  async function addGiftBag() {
    const bag = data.giftBag;
    if (!bag) return;
    const res = await browserApi<ApiAnswer<"addCartItems">>("/menu/cart/v2", {
      method: "POST",
      body: { skus: [{ sku: bag.sku, qty: 1, store_id: bag.storeId }] },
    });
    if (!res.ok)
      return setState({
        status: "failed",
        error: apiErrorMessage(res.data, "The gift bag could not be added."),
      });
    await reprice(tip);
  }

  async function place(form: FormData) {
    setState({ status: "loading", error: null });
    let paymentMethod: object | undefined;
    let walletPayment: Extract<WalletPayment, { ok: true }> | null = null;
    const wallet = wallets.find((w) => w.wallet === cardChoice);
    if (cart.total > 0) {
      if (wallet) {
        const { payWithWallet } = await loadWallets();
        const paid = await payWithWallet(wallet, cart, data.payment);
        if (!paid.ok) return setState({ status: paid.message ? "failed" : "idle", error: paid.message });
        walletPayment = paid;
        paymentMethod = { type: wallet.wallet, token: paid.token };
      } else if (cardChoice === "new") {
        const tokenised = await frame.current?.tokenize();
        if (!tokenised?.ok)
          return setState({ status: "failed", error: tokenised?.message ?? CHECKOUT_FAILED });
        paymentMethod = { type: "token", token: tokenised.value.token, save: saveCard };
      } else {
        paymentMethod = { type: "card", cardId: cardChoice };
      }
    }
    const [date, slot] = delivery.includes("|") ? delivery.split("|") : [undefined, delivery];
    const text = (name: string) => (form.get(name) as string | null)?.trim() || undefined;
    const giftPlace = elsewhere
      ? { address: giftAddress.trim(), unit: giftUnit.trim() || undefined }
      : undefined;
    const res = await browserApi<ApiAnswer<"placeOrder">>("/order/v3", {
      method: "POST",
      body: {
        id: checkoutId,
        expectedTotal: cart.total,
        paymentMethod,
        deliveryTime: slot || "asap",
        deliveryDate: date,
        // The option this page shows and prices: if another tab changed it, the server refuses (cart_changed).
        shippingOption: cart.selectedShippingOption?.name,
        // Sent elsewhere, the tip as quoted (it counts only for on-demand stores either way).
        tip: onDemand || elsewhere ? { percent: tip } : undefined,
        isGift,
        giftAddress: giftPlace,
        giftRecipient: isGift ? text("giftRecipient") : undefined,
        giftEmail: isGift ? text("giftEmail") : undefined,
        giftMobile: isGift ? text("giftMobile") : undefined,
        giftNote: isGift ? text("giftNote") : undefined,
        giftOccasion: isGift ? text("giftOccasion") : undefined,
        address: {
          unit: text("unit"),
          type: (text("addressType") as "Business" | "Residential" | undefined) ?? "Residential",
          business_name: text("businessName"),
          business_phone: text("businessPhone"),
        },
        delivery_notes: text("deliveryNotes"),
        recipient_note: text("recipientNote"),
      },
    });
    await walletPayment?.complete(res.ok ? "success" : "fail");
    if (res.ok && res.data.status === "requires_action") {
      window.location.assign(res.data.redirect_url);
      return;
    }
    if (res.ok && res.data.status === "succeeded") {
      navigate(`/orders/${res.data.orders[0]?._id ?? ""}?placed=1`);
      return;
    }
    // Spec §8: the message is kept, an 'Order Failed' event is sent, the caller's failure callback runs.
    const error = apiErrorMessage(res.data, CHECKOUT_FAILED);
    // Refused for age (a verification that lapsed meanwhile): the section shows where the shopper stands now.
    if (res.status === 403 && age.required) void age.refresh();
    window.dispatchEvent(new CustomEvent("nightcap:event", { detail: { name: ORDER_FAILED_EVENT, error } }));
    setState({ status: "failed", error });
    // A refused or declined checkout is over: the next try is a new checkout (and the cart may have changed).
    setCheckoutId(checkoutIdFor(data.userId, new Date()));
    await reprice(tip);
  }

  const slots =
    availability?.dates.flatMap((d) =>
      d.slots.map((s) => ({ value: `${d.date}|${s.start}`, label: `${d.label}, ${s.label}` })),
    ) ?? [];

  return (
    <form
      className={`checkout checkout--${variant}`}
      aria-label="Checkout"
      onSubmit={(event) => {
        event.preventDefault();
        void place(new FormData(event.currentTarget));
      }}
    >
      <div className="checkout__main">
        <section className="checkout__section" aria-labelledby="delivery-heading">
          <h2 id="delivery-heading" className="checkout__heading">
            Delivery
          </h2>
          <label className="checkbox">
            <input type="checkbox" checked={isGift} onChange={(e) => toggleGift(e.target.checked)} /> This is
            a gift
          </label>
          {isGift ? (
            <div className="checkout__gift">
              <div className="field">
                <label className="field__label" htmlFor="giftRecipient">
                  Recipient's name
                </label>
                <input id="giftRecipient" name="giftRecipient" className="input" required maxLength={80} />
              </div>
              <div className="checkout__row">
                <div className="field">
                  <label className="field__label" htmlFor="giftEmail">
                    Recipient's email
                  </label>
                  <input id="giftEmail" name="giftEmail" type="email" className="input" maxLength={254} />
                </div>
                <div className="field">
                  <label className="field__label" htmlFor="giftMobile">
                    or mobile
                  </label>
                  <input id="giftMobile" name="giftMobile" type="tel" className="input" maxLength={30} />
                </div>
              </div>
              <GiftDestination
                wanted
                // A full-screen page has no toast: the form's error line says it, and the gift is unticked.
                onUnavailable={() => {
                  toggleGift(false);
                  setState({ status: "failed", error: PART_FAILED });
                }}
                to={giftTo}
                own={data.address}
                address={giftAddress}
                unit={giftUnit}
                state={giftQuote}
                onTo={chooseGiftTo}
                onAddress={(text) => {
                  setGiftAddress(text);
                  // Another address: what was checked no longer holds.
                  setGiftQuote({ status: "idle" });
                }}
                onUnit={setGiftUnit}
                onCheck={() => void quoteGift(tip)}
              />
              <div className="field">
                <label className="field__label" htmlFor="giftOccasion">
                  Occasion
                </label>
                <select id="giftOccasion" name="giftOccasion" className="input" defaultValue="">
                  <option value="">None</option>
                  {GIFT_OCCASIONS.map((o) => (
                    <option key={o}>{o}</option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label className="field__label" htmlFor="giftNote">
                  Gift note
                </label>
                <textarea id="giftNote" name="giftNote" className="input" maxLength={250} rows={2} />
              </div>
              {data.giftBag && !cart.products.some((p) => p.sku_id === data.giftBag?.sku) ? (
                <button type="button" className="button button--small" onClick={() => void addGiftBag()}>
                  Add a {data.giftBag.title.toLowerCase()} · {formatCents(data.giftBag.price, true)}
                </button>
              ) : null}
            </div>
          ) : null}
          {elsewhere ? null : (
            <>
              <p className="checkout__address">{data.address?.address ?? "No delivery address yet."}</p>
              <div className="checkout__row">
                <div className="field">
                  <label className="field__label" htmlFor="unit">
                    Apt, suite or floor
                  </label>
                  <input
                    id="unit"
                    name="unit"
                    className="input"
                    defaultValue={data.address?.unit ?? ""}
                    maxLength={40}
                  />
                </div>
                <div className="field">
                  <label className="field__label" htmlFor="addressType">
                    Address type
                  </label>
                  <select id="addressType" name="addressType" className="input" defaultValue="Residential">
                    <option value="Residential">Residential</option>
                    <option value="Business">Business</option>
                  </select>
                </div>
              </div>
            </>
          )}
          <div className="field">
            <label className="field__label" htmlFor="deliveryNotes">
              Delivery notes
            </label>
            <textarea
              id="deliveryNotes"
              name="deliveryNotes"
              className="input"
              maxLength={500}
              rows={2}
              placeholder="Gate code, where to leave it…"
            />
          </div>
          {onDemand && (!elsewhere || quoted) ? (
            <div className="field">
              <label className="field__label" htmlFor="deliveryTime">
                Delivery time
              </label>
              <select
                id="deliveryTime"
                className="input"
                value={delivery}
                onChange={(e) => setDelivery(e.target.value)}
                required
              >
                {isGift ? <option value="recipient">{GIFT_SCHEDULE_BY_RECIPIENT}</option> : null}
                {availability?.immediate_delivery ? (
                  <option value="asap">ASAP · {availability.eta.display}</option>
                ) : null}
                {!delivery ? <option value="">Choose a time</option> : null}
                {slots.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {cart.shippingOptions.length > 0 && (!elsewhere || quoted) ? (
            <fieldset className="checkout__cards">
              <legend className="field__label">Shipping</legend>
              {cart.shippingOptions.map((o) => (
                <label key={o.name} className="checkout__card">
                  <input
                    type="radio"
                    name="shippingOption"
                    value={o.name}
                    checked={cart.selectedShippingOption?.name === o.name}
                    onChange={() => void chooseShipping(o.name)}
                  />
                  <span>
                    {o.name} · {o.description} · {o.price === 0 ? "Free" : formatCents(o.price, true)}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
        </section>

        {cart.verification_required ? <AgeCheckSection age={age} /> : null}

        <section className="checkout__section" aria-labelledby="payment-heading">
          <h2 id="payment-heading" className="checkout__heading">
            Payment
          </h2>
          {cart.total === 0 ? (
            <p>Nothing to pay: your credit covers it.</p>
          ) : (
            <fieldset className="checkout__cards">
              <legend className="visually-hidden">Card</legend>
              {data.cards.map((c) => (
                <label key={c.id} className="checkout__card">
                  <input
                    type="radio"
                    name="card"
                    value={c.id}
                    checked={cardChoice === c.id}
                    onChange={() => setCardChoice(c.id)}
                  />
                  <span>
                    {c.brand.toUpperCase()} ending {c.last4} · {String(c.exp_month).padStart(2, "0")}/
                    {String(c.exp_year).slice(-2)}
                    {c.is_primary ? " · primary" : ""}
                  </span>
                </label>
              ))}
              {wallets.map((w) => (
                <label key={w.wallet} className="checkout__card">
                  <input
                    type="radio"
                    name="card"
                    value={w.wallet}
                    checked={cardChoice === w.wallet}
                    onChange={() => setCardChoice(w.wallet)}
                  />
                  <span>{WALLET_LABELS[w.wallet]}</span>
                </label>
              ))}
              {askable.map((w) => (
                <button
                  key={w.wallet}
                  type="button"
                  className="link-button checkout__wallet-ask"
                  onClick={() => void askWallet(w)}
                >
                  Pay with {WALLET_LABELS[w.wallet]}
                </button>
              ))}
              {walletNote ? (
                <p className="checkout__wallet-note" role="status">
                  {walletNote}
                </p>
              ) : null}
              <label className="checkout__card">
                <input
                  type="radio"
                  name="card"
                  value="new"
                  checked={cardChoice === "new"}
                  onChange={() => setCardChoice("new")}
                />
                <span>New card</span>
              </label>
              {cardChoice === "new" ? (
                <>
                  <CardEntry ref={frame} payment={data.payment} />
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={saveCard}
                      onChange={(e) => setSaveCard(e.target.checked)}
                    />{" "}
                    Save this card
                  </label>
                </>
              ) : null}
            </fieldset>
          )}
        </section>

        {onDemand ? (
          <section className="checkout__section" aria-labelledby="tip-heading">
            <h2 id="tip-heading" className="checkout__heading">
              Tip your driver
            </h2>
            <fieldset className="chip-list checkout__tips">
              <legend className="visually-hidden">Tip</legend>
              {TIPS.map((t) => (
                <button
                  key={t}
                  type="button"
                  aria-pressed={tip === t}
                  className={`chip${tip === t ? " chip--on" : ""}`}
                  onClick={() => chooseTip(t)}
                >
                  {t === 0 ? "No tip" : `${t}%`}
                </button>
              ))}
            </fieldset>
          </section>
        ) : null}

        {data.roundUp && data.roundUp.organizations.length > 0 ? (
          <RoundUpChoice info={data.roundUp} on={cart.round_up > 0} onToggle={toggleRoundUp} />
        ) : null}
      </div>

      <aside className="checkout__summary" aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="checkout__heading">
          Your order
        </h2>
        <ul className="checkout__items">
          {cart.products
            .filter((p) => p.available)
            .map((p) => (
              <li key={p.cart_id}>
                <span>
                  {p.qty} × {p.title}
                </span>
                <span>{formatCents(p.subtotal, true)}</span>
              </li>
            ))}
        </ul>
        <PromoPanel
          cart={cart}
          credit={data.credit}
          points={data.points}
          onCart={(next) => {
            setCart(next);
            // The code or credit applies to the gift as the recipient's stores price it.
            if (elsewhere) void reprice(tip);
          }}
          tipPercent={tip}
        />
        <dl className="checkout__totals">
          {cart.line_items.map((l) => (
            <div key={l.title} className={`checkout__total checkout__total--${l.format.toLowerCase()}`}>
              <dt>{l.title}</dt>
              <dd>{l.display}</dd>
            </div>
          ))}
        </dl>
        {Object.values(cart.split_cart).map((e) =>
          e.minimum_error && e.subtotal > 0 ? (
            <p key={e.store_id} className="form-message form-message--info">
              {e.minimum_error}
            </p>
          ) : null,
        )}
        <FormError message={state.error} />
        {elsewhere && !quoted ? (
          <p id="place-order-gift" className="form-message form-message--info">
            Check the recipient's address to see the total there.
          </p>
        ) : null}
        {age.waiting ? (
          <p id="place-order-waiting" className="form-message form-message--info">
            {age.waiting}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--block button--large"
          disabled={!hydrated || state.status === "loading" || age.waiting !== null || (elsewhere && !quoted)}
          aria-describedby={
            age.waiting ? "place-order-waiting" : elsewhere && !quoted ? "place-order-gift" : undefined
          }
        >
          {state.status === "loading"
            ? "Placing your order…"
            : `Place order · ${formatCents(cart.total, true)}`}
        </button>
        <p className="checkout__legal">
          By placing your order you confirm you are 21 or older; ID is checked at the door.{" "}
          <Link to="/terms-of-service">Terms</Link>
        </p>
        {returnFeeLine ? <p className="checkout__legal checkout__return-fee">{returnFeeLine}</p> : null}
      </aside>
    </form>
  );
}

function RoundUpChoice({
  info,
  on,
  onToggle,
}: {
  info: RoundUpInfo;
  on: boolean;
  onToggle: (on: boolean, orgId: string | null) => Promise<void>;
}) {
  const [org, setOrg] = useState(info.userOrg.roundUpOrgId ?? info.organizations[0].id);
  return (
    <section className="checkout__section" aria-labelledby="roundup-heading">
      <h2 id="roundup-heading" className="checkout__heading">
        Round up for a good cause
      </h2>
      <label className="checkbox">
        <input type="checkbox" checked={on} onChange={(e) => void onToggle(e.target.checked, org)} /> Round my
        total up to the next dollar
      </label>
      <select
        aria-label="Organisation"
        className="input"
        value={org}
        onChange={(e) => setOrg(e.target.value)}
      >
        {info.organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      {info.userOrg.roundUpAmount > 0 ? (
        <p>You have given {formatCents(info.userOrg.roundUpAmount, true)} so far. Thank you.</p>
      ) : null}
    </section>
  );
}
