import {
  channelsFor,
  type OrderUpdate,
  orderUpdateOf,
  pushText,
  smsText,
  type UpdateContext,
} from "#domain/notifications/order-updates.ts";
import type { OutgoingMessage } from "../messages/index.ts";
import type { NotificationsContext } from "./context.ts";
import { SEND_PUSH } from "./jobs.ts";
import {
  type MoneyBack,
  type OrderNotice,
  orderAccepted,
  orderCancelledBy,
  orderDelivered,
  orderDispatched,
  orderFailed,
  orderRefunded,
} from "./messages.ts";

/** What the event's writer adds for the email of an order that ends: the money going back. */
export type { MoneyBack } from "./messages.ts";

interface EventData {
  state?: "soft" | "hard";
  reason?: string;
  amount?: number;
  money?: MoneyBack;
}

const NO_MONEY: MoneyBack = { card: 0, released: false, credit: 0 };

/** The timeout cancels with no staff reason: the order's own words. */
const DEFAULT_REASONS: Record<string, string> = {
  timeout: "The store could not take your order in time.",
};

function emailFor(
  update: OrderUpdate,
  to: OrderNotice,
  data: EventData,
  actor: string,
): OutgoingMessage | null {
  const money = data.money ?? NO_MONEY;
  const reason = data.reason ?? DEFAULT_REASONS[actor] ?? "";
  switch (update) {
    case "accepted":
      return orderAccepted(to);
    case "dispatched":
      return orderDispatched(to);
    case "delivered":
      return orderDelivered(to);
    case "failed":
      return orderFailed(to, { state: data.state ?? "soft", reason }, money);
    case "cancelled":
      return orderCancelledBy(to, reason, money, !(actor in DEFAULT_REASONS));
    case "refunded":
      return orderRefunded(to, data.amount ?? 0, reason);
    // Their writers send their own (checkout's confirmation, the gift sender's notices).
    case "placed":
    case "scheduled":
    case "giftClaimed":
      return null;
  }
}

/**
 * The NOTIFY_ORDER_EVENT job: one order event, told to its shopper at most once. In one transaction: the event
 * marked notified (a retried or duplicated job finds it marked and stops), then as the rule says
 * (domain/notifications/order-updates.ts) and the shopper's contact preferences allow, one email and one text
 * through the outbox, and one SEND_PUSH job per Web Push subscription. Their delivery and retries are the outbox's
 * and the push queue's: a push service that fails never touches the order or the other channels.
 */
export async function notifyOrderEvent(
  ctx: NotificationsContext,
  eventId: number,
): Promise<{ update: OrderUpdate | null; email: number; sms: number; push: number }> {
  return ctx.db.transaction().execute(async (tx) => {
    const none = { update: null, email: 0, sms: 0, push: 0 };
    const claimed = await tx
      .insertInto("order_event_notices")
      .values({ event_id: eventId })
      .onConflict((oc) => oc.column("event_id").doNothing())
      .returning("event_id")
      .executeTakeFirst();
    if (!claimed) return none;
    const event = await tx
      .selectFrom("order_events")
      .select(["order_id", "type", "from_status", "to_status", "actor", "data"])
      .where("id", "=", eventId)
      .executeTakeFirst();
    if (!event) return none;
    const update = orderUpdateOf({
      type: event.type,
      from: event.from_status,
      to: event.to_status,
      actor: event.actor,
    });
    if (!update) return none;
    const who = await tx
      .selectFrom("orders as o")
      .innerJoin("checkouts as c", "c.id", "o.checkout_id")
      .innerJoin("users as u", "u.id", "c.user_id")
      .innerJoin("stores as s", "s.id", "o.store_id")
      .select([
        "o.id",
        "o.order_number",
        "o.shipping",
        "c.origin",
        "s.name as store",
        "u.id as user_id",
        "u.email",
        "u.firstname",
        "u.mobile",
        "u.country_code",
        "u.contact_email",
        "u.contact_sms",
        "u.contact_push",
      ])
      .where("o.id", "=", event.order_id)
      .executeTakeFirstOrThrow();
    const data = (event.data ?? {}) as EventData;
    const channels = channelsFor(
      update,
      event.actor,
      { email: who.contact_email, sms: who.contact_sms, push: who.contact_push },
      { mobile: Boolean(who.mobile) },
    );
    const facts: UpdateContext = {
      orderNumber: Number(who.order_number),
      store: who.store,
      shipping: who.shipping,
      amount: data.amount,
    };
    const sent = { update, email: 0, sms: 0, push: 0 };
    if (channels.email) {
      const notice: OrderNotice = {
        email: who.email,
        firstname: who.firstname,
        orderNumber: facts.orderNumber,
        orderUrl: `${who.origin}/orders/${who.id}`,
        store: who.store,
        shipping: who.shipping,
      };
      const email = emailFor(update, notice, data, event.actor);
      if (email) {
        await ctx.outbox.enqueue(tx, email);
        sent.email = 1;
      }
    }
    if (channels.sms && who.mobile) {
      await ctx.outbox.enqueue(tx, {
        channel: "sms",
        recipient: `${who.country_code ?? "+1"}${who.mobile}`,
        template: `order-${update}`,
        body: smsText(update, facts, `${who.origin}/tracking/${who.id}`),
      });
      sent.sms = 1;
    }
    if (channels.push) {
      // Devices still signed in to the account: a shared browser signed out hears nothing more of it.
      const tokens = await tx
        .selectFrom("push_tokens as p")
        .innerJoin("sessions as s", "s.id", "p.session_id")
        .select("p.id")
        .where("p.user_id", "=", who.user_id)
        .where("p.kind", "=", "webpush")
        .where("s.user_id", "=", who.user_id)
        .where("s.revoked_at", "is", null)
        .where("s.expires_at", ">", new Date())
        .orderBy("p.id")
        .execute();
      const text = pushText(update, facts);
      for (const token of tokens) {
        await ctx.jobs.send(
          SEND_PUSH,
          { tokenId: token.id, payload: { ...text, url: `/tracking/${who.id}`, tag: `order-${who.id}` } },
          { tx },
        );
      }
      sent.push = tokens.length;
    }
    return sent;
  });
}
