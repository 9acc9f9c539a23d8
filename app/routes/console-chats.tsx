import { useEffect, useMemo, useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { CHAT_BODY_MAX } from "#domain/chat/chat.ts";
import { CsrfField } from "../features/accounts/session.tsx";
import { type ChatMessage, mergeMessages } from "../features/chat/messages.ts";
import { CONSOLE_HANDLE, ConsoleBar, consoleMeta } from "../features/console/console-bar.tsx";
import { storesForAdmin } from "../features/console/store-picker.tsx";
import { usePolling } from "../features/console/use-polling.ts";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage, browserApi } from "../lib/api.ts";
import type { ApiAnswer, ApiShape } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-chats";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Chats");

type ThreadSummary = ApiShape<"ChatThreadSummary">;

/** /console/chats: the store's support chats (an administrator's: every store's), one open beside the list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const threadId = url.searchParams.get("thread");
  const list = await context.api<ApiAnswer<"listConsoleChats">>("/api/console/chats");
  const admin = (await storesForAdmin(context.api)) !== null;
  if (!list.ok)
    return data(
      {
        forbidden: apiErrorMessage(list.data, "The store console is for store staff."),
        threads: [],
        open: null,
        openError: null,
        admin,
      },
      { status: list.status },
    );
  let open: ApiAnswer<"getConsoleChat"> | null = null;
  let openError: string | null = null;
  if (threadId) {
    const res = await context.api<ApiAnswer<"getConsoleChat">>(
      `/api/console/chats/${encodeURIComponent(threadId)}`,
    );
    if (res.ok) open = res.data;
    else openError = apiErrorMessage(res.data, "No chat of your store has that id.");
  }
  return { forbidden: null, threads: list.data.threads, open, openError, admin };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const threadId = String(form.get("thread") ?? "");
  const res = await context.api<ApiAnswer<"replyConsoleChat">>(
    `/api/console/chats/${encodeURIComponent(threadId)}/messages`,
    { method: "POST", body: { body: String(form.get("body") ?? "") } },
  );
  if (!res.ok)
    return data(
      { ok: false, message: apiErrorMessage(res.data, "The reply was not sent. Please try again.") },
      { status: res.status },
    );
  return { ok: true, message: "Sent." };
}

const when = (iso: string) =>
  new Date(iso).toLocaleString([], { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

export default function ConsoleChats({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { forbidden, threads, open, openError, admin } = loaderData;
  usePolling(15_000);
  const [read, setRead] = useState<Record<string, boolean>>({});
  return (
    <div className="page console">
      <ConsoleBar admin={admin} />
      <header className="page-head">
        <h1 className="page-head__title">Chats</h1>
        <p className="page-head__lead">Shoppers and visitors writing to the store, newest first.</p>
      </header>
      {forbidden ? (
        <p className="form-message form-message--error" role="alert">
          {forbidden}
        </p>
      ) : (
        <div className="chat-console">
          <nav aria-label="Chats">
            {threads.length === 0 ? <p>No chats yet.</p> : null}
            <ul className="chat-list">
              {threads.map((t) => {
                const unread = open?.thread.id === t.id && read[t.id] ? 0 : t.unread;
                return (
                  <li key={t.id}>
                    <Link
                      to={`/console/chats?thread=${encodeURIComponent(t.id)}`}
                      aria-current={open?.thread.id === t.id ? "page" : undefined}
                    >
                      <span className="chat-list__name">
                        {t.name}
                        {t.kind === "visitor" ? " (visitor)" : ""}
                      </span>
                      {unread > 0 ? <span className="chat-list__unread">{unread} unread</span> : <span />}
                      <span className="chat-list__preview">
                        {when(t.lastMessageAt)} · {t.lastMessage?.body ?? ""}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {openError ? (
            <p className="form-message form-message--error" role="alert">
              {openError}
            </p>
          ) : null}
          {open ? (
            <OpenThread
              key={open.thread.id}
              thread={open.thread}
              loaded={open.messages}
              said={actionData ?? null}
              onRead={() => setRead((r) => ({ ...r, [open.thread.id]: true }))}
            />
          ) : threads.length > 0 && !openError ? (
            <p>Choose a chat to read and answer it.</p>
          ) : null}
        </div>
      )}
    </div>
  );
}

function OpenThread({
  thread,
  loaded,
  said,
  onRead,
}: {
  thread: ThreadSummary;
  loaded: ChatMessage[];
  said: { ok: boolean; message: string } | null;
  onRead: () => void;
}) {
  const [streamed, setStreamed] = useState<ChatMessage[]>([]);
  const [connection, setConnection] = useState<"connecting" | "open" | "closed">("connecting");
  const messages = useMemo(() => mergeMessages(loaded, streamed), [loaded, streamed]);
  const lastId = messages.length ? messages[messages.length - 1].id : 0;
  const firstLast = useRef(lastId);
  const list = useRef<HTMLDivElement>(null);
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const sending = navigation.state === "submitting";

  useEffect(() => {
    const source = new EventSource(
      `/api/console/chats/${encodeURIComponent(thread.id)}/events?after=${firstLast.current}`,
    );
    source.onopen = () => setConnection("open");
    source.onerror = () => setConnection("closed");
    source.onmessage = (e) => {
      const m = JSON.parse(e.data) as ChatMessage;
      setStreamed((s) => [...s, m]);
    };
    return () => source.close();
  }, [thread.id]);

  // Shown: read up to the newest message.
  useEffect(() => {
    if (lastId === 0) return;
    browserApi(`/api/console/chats/${encodeURIComponent(thread.id)}/read`, {
      method: "POST",
      body: { lastId },
    })
      .then((res) => res.ok && onRead())
      .catch(() => {});
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lastId, thread.id, onRead]);

  useEffect(() => {
    if (said?.ok && navigation.state === "idle") form.current?.reset();
  }, [said, navigation.state]);

  return (
    <section className="chat-thread" aria-labelledby="chat-thread-title" data-connection={connection}>
      <header className="chat-thread__head">
        <h2 id="chat-thread-title">{thread.name}</h2>
        <p>
          {thread.email}
          {thread.customerSince
            ? ` · customer since ${new Date(thread.customerSince).toLocaleDateString()}`
            : " · visitor: your reply goes to this email"}
        </p>
      </header>
      <div ref={list} className="chat-thread__messages" role="log" aria-live="polite" aria-label="Messages">
        <ol className="chat-messages">
          {messages.map((m) => (
            <li key={m.id} className={`chat-msg chat-msg--${m.author === "staff" ? "mine" : "staff"}`}>
              <span className="chat-msg__who">
                {m.author === "staff" ? `${m.authorName} (staff)` : m.authorName} · {when(m.createdAt)}
              </span>
              <span className="chat-msg__body">{m.body}</span>
            </li>
          ))}
        </ol>
      </div>
      <Form method="post" className="chat-thread__form" ref={form}>
        <CsrfField />
        <input type="hidden" name="thread" value={thread.id} />
        <label htmlFor="chat-reply">Reply</label>
        <textarea id="chat-reply" name="body" rows={3} required maxLength={CHAT_BODY_MAX} />
        {said && !said.ok ? (
          <p className="form-message form-message--error" role="alert">
            {said.message}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={sending}>
          Send reply
        </button>
      </Form>
    </section>
  );
}
