import { data, Form } from "react-router";
import type { ApiAnswer, ApiShape } from "../lib/api-answers.ts";
import type { Route } from "./+types/mailbox";

export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = () => [
  { title: "Local mailbox | Nightcap" },
  { name: "robots", content: "noindex" },
];

const STATUS_TEXT: Record<ApiShape<"MailboxMessage">["status"], string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Delivered",
  failed: "Failed",
};

/**
 * The local mailbox: what Nightcap would email or text (codes, reset links, PINs), kept on this machine when no
 * provider is configured. Open in development and tests; on the embedded default in production it needs the key
 * from the start-up log (`?key=`); anywhere else the API does not serve it and this is the not-found page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const recipient = params.get("recipient") ?? "";
  const key = params.get("key") ?? "";
  const res = await context.api<ApiAnswer<"listMailboxMessages">>(
    `/api/mailbox${recipient ? `?recipient=${encodeURIComponent(recipient)}` : ""}`,
    { headers: key ? { "x-mailbox-key": key } : {} },
  );
  if (!res.ok) throw data(null, { status: 404 });
  return { messages: res.data, recipient, key };
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { messages, recipient, key } = loaderData;
  return (
    <div className="account-page">
      <h1 className="account-page__title">Local mailbox</h1>
      <p className="account-page__lead">
        No email or text leaves this machine: this is what Nightcap would send, newest first.
      </p>
      <Form method="get" className="auth-form" aria-label="Filter by recipient">
        {key ? <input type="hidden" name="key" value={key} /> : null}
        <div className="field">
          <label className="field__label" htmlFor="outbox-recipient">
            Recipient
          </label>
          <input id="outbox-recipient" className="input" name="recipient" defaultValue={recipient} />
        </div>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <ol className="outbox" aria-label="Messages">
        {messages.map((m) => (
          <li key={m.id} className="outbox__message" data-recipient={m.recipient} data-template={m.template}>
            <p className="outbox__meta">
              {m.channel.toUpperCase()} to <strong>{m.recipient}</strong> · {m.template} · {m.createdAt} ·{" "}
              <span data-status={m.status}>
                {m.status === "sent" && m.transport === "mailbox" ? "Kept here" : STATUS_TEXT[m.status]}
              </span>
              {m.status === "failed" && m.lastError ? ` (${m.lastError})` : null}
            </p>
            {m.subject ? <h2 className="account-section__title">{m.subject}</h2> : null}
            <pre className="outbox__body">{m.body}</pre>
          </li>
        ))}
      </ol>
      {messages.length === 0 ? <p>No messages.</p> : null}
    </div>
  );
}
