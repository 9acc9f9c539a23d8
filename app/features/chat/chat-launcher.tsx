import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ChatIcon } from "#app/components/icons.tsx";
import { browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { useSession } from "../accounts/session.tsx";

/** Whether the button covers content (launcher-clearance.ts), fetched once. */
let clearance: Promise<typeof import("./launcher-clearance.ts")> | null = null;
const loadClearance = () => {
  clearance ??= import("./launcher-clearance.ts");
  return clearance;
};

// The panel (messages, forms, the live stream) loads on the first open: pages do not carry it (JS budgets).
const ChatPanel = lazy(() => import("./chat-panel.tsx"));

/**
 * "Chat with us" (issue 17, support chat): a button fixed bottom-right on every page in the shell (a round icon on
 * phones), with the count of staff messages the signed-in shopper has not read; it opens the chat panel. It never
 * covers the page (docs/adr/0054-storefront-review-fixes.md): every page keeps room for it at its end, and wherever
 * content passes under it, it steps aside (transparent, clicks go through) until the spot is clear again; focused
 * or open, it shows. Full-screen pages (checkout, tracking, the console) have no shell, so no button.
 */
export function ChatLauncher() {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [unread, setUnread] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const aside = useStepsAside(button, `${pathname}${search}`);
  const userId = user?.id ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on navigation (pathname)
  useEffect(() => {
    if (!userId || open) return;
    let live = true;
    browserApi<ApiAnswer<"getChatUnread">>("/api/chat/unread")
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
        className={aside && !open ? "chat-launcher chat-launcher--aside" : "chat-launcher"}
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
        <ChatIcon size={22} className="chat-launcher__icon" />
        <span className="chat-launcher__text">Chat with us</span>
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

/**
 * Whether the launcher would cover content where it is now: checked as the page scrolls (once a frame at most),
 * resizes or changes (`page`), and as its content grows (images, banners, rows loaded in the browser).
 */
function useStepsAside(launcher: React.RefObject<HTMLElement | null>, page: string): boolean {
  // Aside until first checked: the painted page (before its scripts) is never covered, and the button only works
  // with them anyway.
  const [aside, setAside] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again on each page (`page`)
  useEffect(() => {
    let frame = 0;
    let live = true;
    // The check's code (hit-testing under the button) comes after hydration, not with the page (issue 35 §3); until
    // it has, the button stays aside as before its first check. If it cannot load, the button shows.
    let covers: ((control: HTMLElement) => boolean) | null = null;
    const check = () => {
      frame = 0;
      const el = launcher.current;
      if (el && covers) setAside(covers(el));
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    loadClearance().then(
      (m) => {
        covers = m.coversContent;
        if (live) soon();
      },
      () => {
        covers = () => false;
        if (live) soon();
      },
    );
    window.addEventListener("scroll", soon, { passive: true });
    window.addEventListener("resize", soon);
    const grown = new ResizeObserver(soon);
    grown.observe(document.body);
    if (launcher.current) grown.observe(launcher.current);
    return () => {
      live = false;
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", soon);
      window.removeEventListener("resize", soon);
      grown.disconnect();
    };
  }, [launcher, page]);
  return aside;
}
