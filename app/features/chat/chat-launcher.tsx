import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { browserApi } from "../../lib/api.ts";
import { useSession } from "../accounts/session.tsx";

// The panel (messages, forms, the live stream) loads on the first open: pages do not carry it (JS budgets).
const ChatPanel = lazy(() => import("./chat-panel.tsx"));

/**
 * "Chat with us" (issue 17, support chat): a button fixed bottom-right on every page in the shell, with the count
 * of staff messages the signed-in shopper has not read; it opens the chat panel. Full-screen pages (checkout,
 * tracking, the console) have no shell, so no button: they are tasks not to cover.
 */
export function ChatLauncher() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [unread, setUnread] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const userId = user?.id ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on navigation (pathname)
  useEffect(() => {
    if (!userId || open) return;
    let live = true;
    browserApi<{ unread: number }>("/api/chat/unread")
      .then((res) => {
        if (live && res.ok) setUnread(res.data.unread);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [userId, pathname, open]);

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="chat-launcher"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          // Escape closes the panel from its button too (focus may be back on it).
          if (e.key === "Escape" && open) close();
        }}
      >
        Chat with us
        {unread > 0 && !open ? (
          <span className="chat-launcher__badge">
            {unread}
            <span className="visually-hidden"> unread</span>
          </span>
        ) : null}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <ChatPanel open={open} onClose={close} onUnread={setUnread} />
        </Suspense>
      ) : null}
    </>
  );
}
