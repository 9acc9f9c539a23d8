import { useEffect, useId, useRef, useState } from "react";
import { apiErrorMessage, browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { CHAT_BODY_MAX, CHAT_NAME_MAX, VISITOR_THANKS } from "#domain/chat/chat.ts";
import { useSession } from "../accounts/session.tsx";
import { type ChatMessage, mergeMessages } from "./messages.ts";

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });

/**
 * The chat panel (loaded on the first open): a non-modal dialog at the bottom-right. A signed-in shopper sees
 * their thread, writes, and gets staff replies live (the thread's event stream, kept open while the page is, so
 * the launcher's unread badge moves too); an anonymous visitor leaves a message with their name and email.
 * Escape or the close button closes it and gives focus back to the launcher.
 */
export default function ChatPanel({
  open,
  onClose,
  onUnread,
}: {
  open: boolean;
  onClose: () => void;
  onUnread: (n: number) => void;
}) {
  const { user } = useSession();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>("textarea, input")?.focus();
  }, [open]);

  return (
    <section
      ref={panel}
      className="chat-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="chat-panel__head">
        <h2 id={titleId} className="chat-panel__title">
          Chat with us
        </h2>
        <button type="button" className="chat-panel__close" aria-label="Close chat" onClick={onClose}>
          ×
        </button>
      </header>
      {user ? <ShopperChat open={open} onUnread={onUnread} /> : <VisitorForm />}
    </section>
  );
}

function ShopperChat({ open, onUnread }: { open: boolean; onUnread: (n: number) => void }) {
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasThread, setHasThread] = useState(false);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [connection, setConnection] = useState<"closed" | "open">("closed");
  const list = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const lastId = messages.length ? messages[messages.length - 1].id : 0;
  const firstLoadLast = useRef(0);
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    let live = true;
    browserApi<ApiAnswer<"getChatThread">>("/api/chat/thread").then(
      (res) => {
        if (!live) return;
        if (!res.ok) return setState("error");
        const msgs = res.data.thread?.messages ?? [];
        firstLoadLast.current = msgs.length ? msgs[msgs.length - 1].id : 0;
        setMessages(msgs);
        setHasThread(res.data.thread !== null);
        setState("ready");
      },
      () => live && setState("error"),
    );
    return () => {
      live = false;
    };
  }, []);

  // The live stream, once there is a thread: new messages after those loaded; EventSource resumes by itself.
  useEffect(() => {
    if (!hasThread) return;
    const source = new EventSource(`/api/chat/thread/events?after=${firstLoadLast.current}`);
    source.onopen = () => setConnection("open");
    source.onerror = () => setConnection("closed");
    source.onmessage = (event) => {
      const message = JSON.parse(event.data) as ChatMessage;
      setMessages((current) => mergeMessages(current, [message]));
    };
    return () => source.close();
  }, [hasThread]);

  // Shown while open: read. Closed: staff messages after the read mark count on the launcher's badge.
  const readMark = useRef(0);
  useEffect(() => {
    if (state !== "ready" || lastId === 0) return;
    if (open) {
      if (lastId > readMark.current) {
        readMark.current = lastId;
        browserApi("/api/chat/thread/read", { method: "POST", body: { lastId } }).catch(() => {});
      }
      onUnread(0);
    } else {
      onUnread(messages.filter((m) => m.author === "staff" && m.id > readMark.current).length);
    }
  }, [open, lastId, state, messages, onUnread]);

  // The message box takes focus once the thread has loaded (the panel's own focus ran before it existed).
  useEffect(() => {
    if (open && state === "ready") box.current?.focus();
  }, [open, state]);

  useEffect(() => {
    const el = list.current;
    if (el && lastId) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  const send = async () => {
    const body = draft.trim();
    if (!body || sending) return;
    setSending(true);
    setError(null);
    try {
      const res = await browserApi<ApiAnswer<"postChatMessage">>("/api/chat/thread/messages", {
        method: "POST",
        body: { body },
      });
      if (!res.ok) {
        setError(apiErrorMessage(res.data, "Your message was not sent. Please try again."));
        return;
      }
      setMessages((current) => mergeMessages(current, [res.data.message]));
      if (!hasThread) {
        firstLoadLast.current = res.data.message.id;
        setHasThread(true);
      }
      setDraft("");
    } catch {
      setError("Your message was not sent. Check your connection and try again.");
    } finally {
      setSending(false);
      // Ready for the next message.
      box.current?.focus();
    }
  };

  if (state === "loading") return <p className="chat-panel__note">Loading your chat…</p>;
  if (state === "error")
    return (
      <p className="chat-panel__note" role="alert">
        The chat could not be loaded. Please try again later.
      </p>
    );
  return (
    <div className="chat-panel__body" data-connection={hasThread ? connection : "none"}>
      {messages.length === 0 ? (
        <p className="chat-panel__note">
          Questions about an order, a product or delivery? Write to our store team. If you are away when we
          reply, we email you.
        </p>
      ) : null}
      <div ref={list} className="chat-panel__messages" role="log" aria-live="polite" aria-label="Messages">
        <ol className="chat-messages">
          {messages.map((m) => (
            <li key={m.id} className={`chat-msg chat-msg--${m.author === "staff" ? "staff" : "mine"}`}>
              <span className="chat-msg__who">
                {m.author === "staff" ? `${m.authorName} (Nightcap)` : "You"} · {time(m.createdAt)}
              </span>
              <span className="chat-msg__body">{m.body}</span>
            </li>
          ))}
        </ol>
      </div>
      <form
        className="chat-panel__form"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label htmlFor="chat-message" className="chat-panel__label">
          Your message
        </label>
        <textarea
          ref={box}
          id="chat-message"
          rows={2}
          maxLength={CHAT_BODY_MAX}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        {error ? (
          <p className="form-message form-message--error" role="alert">
            {error}
          </p>
        ) : null}
        {/* aria-disabled, not disabled: a disabled button loses focus to the page, and Escape would no longer reach
            the panel; a second submit meanwhile is ignored by send(). */}
        <button type="submit" className="button button--primary" aria-disabled={sending}>
          Send
        </button>
      </form>
    </div>
  );
}

function VisitorForm() {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (sent)
    return (
      <p className="chat-panel__note chat-panel__thanks" role="status">
        {VISITOR_THANKS}
      </p>
    );
  return (
    <form
      className="chat-panel__form chat-panel__form--visitor"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        const f = (k: string) => String(form.get(k) ?? "");
        setSending(true);
        setError(null);
        try {
          const res = await browserApi("/api/chat/visitor", {
            method: "POST",
            body: { name: f("name"), email: f("email"), body: f("body") },
          });
          if (res.ok) setSent(true);
          else setError(apiErrorMessage(res.data, "Your message was not sent. Please try again."));
        } catch {
          setError("Your message was not sent. Check your connection and try again.");
        } finally {
          setSending(false);
        }
      }}
    >
      <p className="chat-panel__note">Leave us a message and we will reply to your email.</p>
      <label htmlFor="chat-visitor-name" className="chat-panel__label">
        Your name
      </label>
      <input id="chat-visitor-name" name="name" autoComplete="name" required maxLength={CHAT_NAME_MAX} />
      <label htmlFor="chat-visitor-email" className="chat-panel__label">
        Email
      </label>
      <input
        id="chat-visitor-email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
      />
      <label htmlFor="chat-visitor-body" className="chat-panel__label">
        Your message
      </label>
      <textarea id="chat-visitor-body" name="body" rows={3} required maxLength={CHAT_BODY_MAX} />
      {error ? (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={sending}>
        Send message
      </button>
    </form>
  );
}
