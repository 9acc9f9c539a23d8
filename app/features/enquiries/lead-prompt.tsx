import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { onDemand } from "#app/components/on-demand.tsx";
import { LEAD_STORAGE, leadPromptTiming, storedTime } from "#domain/leads/prompt.ts";
import { useSession } from "../accounts/session.tsx";

/** The offer card: its form, its answer. */
const LeadOffer = onDemand(() => import("./lead-offer.tsx").then((m) => m.LeadOffer));

/** This storefront's platform, as its x-platform header names it (the apps send ios or android). */
const PLATFORM = "web";

function read(storage: "local" | "session", key: string): string | null {
  try {
    return (storage === "local" ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function write(storage: "local" | "session", key: string, value: string): void {
  try {
    (storage === "local" ? window.localStorage : window.sessionStorage).setItem(key, value);
  } catch {
    // Private mode or storage full: the prompt simply forgets.
  }
}

/**
 * The lead-capture prompt (issue 17, spec §9): for anonymous visitors, 30 seconds into the session (its start kept
 * in sessionStorage), the signup offer by email; closed, it stays away for 7 days (the closed time kept in
 * localStorage); the platform is kept with it and sent with the lead. A corner card, not a modal: it never
 * takes focus or blocks the page. The card itself loads on demand (app/components/on-demand.tsx).
 */
export function LeadPrompt() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const signedIn = user !== null;

  useEffect(() => {
    const now = Date.now();
    let start = storedTime(read("session", LEAD_STORAGE.sessionStart));
    if (start === null) {
      start = now;
      write("session", LEAD_STORAGE.sessionStart, String(now));
    }
    if (read("local", LEAD_STORAGE.platform) === null) write("local", LEAD_STORAGE.platform, PLATFORM);
    const timing = leadPromptTiming({
      now,
      sessionStart: start,
      closedAt: storedTime(read("local", LEAD_STORAGE.closedAt)),
      path: pathname,
      signedIn,
    });
    if (timing.show) {
      setOpen(true);
      return;
    }
    setOpen(false);
    if (timing.inMs === null) return;
    const timer = window.setTimeout(() => setOpen(true), timing.inMs);
    return () => window.clearTimeout(timer);
  }, [pathname, signedIn]);

  const shown = open && !signedIn;
  return (
    <LeadOffer
      wanted={shown}
      shown={shown}
      page={pathname}
      platform={read("local", LEAD_STORAGE.platform) ?? PLATFORM}
      onClose={() => {
        write("local", LEAD_STORAGE.closedAt, String(Date.now()));
        setOpen(false);
      }}
      onAnswered={() => write("local", LEAD_STORAGE.closedAt, String(Date.now()))}
    />
  );
}
