import { data, Form } from "react-router";
import type { OutboxMessage } from "../../domain/accounts/types.ts";
import type { Route } from "./+types/dev-outbox";

export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = () => [
  { title: "Outbox (development) | Nightcap" },
  { name: "robots", content: "noindex" },
];

/**
 * Development and test only: the emails and texts waiting in the outbox (codes, reset links, PINs). In production
 * the API does not serve the outbox, so this page is the not-found page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const recipient = new URL(request.url).searchParams.get("recipient") ?? "";
  const res = await context.api<OutboxMessage[]>(
    `/api/dev/outbox${recipient ? `?recipient=${encodeURIComponent(recipient)}` : ""}`,
  );
  if (!res.ok) throw data(null, { status: 404 });
  return { messages: res.data, recipient };
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, recipient } = loaderData;
  return (
    <div className="account-page">
      <h1 className="account-page__title">Outbox</h1>
      <p className="account-page__lead">Development only: what Nightcap would email or text, newest first.</p>
      <Form method="get" className="auth-form" aria-label="Filter by recipient">
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
              {m.channel.toUpperCase()} to <strong>{m.recipient}</strong> · {m.template} · {m.createdAt}
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
