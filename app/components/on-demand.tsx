import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useToast } from "#app/components/shell/toast.tsx";
import { PART_FAILED } from "#domain/copy.ts";

/**
 * Runs `fetchCode` at the shopper's first touch, click or key press on the page: the parts' code is fetched ahead of
 * the press that opens one (a pointer goes down before its click), and never while the page is still loading and
 * hydrating, where its evaluation would block the main thread for a part nobody has asked for.
 */
export function onFirstInteraction(fetchCode: () => unknown): () => void {
  const events = ["pointerdown", "keydown", "touchstart"] as const;
  const start = () => {
    stop();
    fetchCode();
  };
  const stop = () => {
    for (const type of events) window.removeEventListener(type, start, { capture: true });
  };
  for (const type of events) window.addEventListener(type, start, { capture: true, passive: true });
  return stop;
}

/** A part whose code did not load renders nothing, and says so to its owner. */
class PartBoundary extends Component<{ onFailed: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onFailed();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A part of the shell that a page opens rather than shows (a drawer, a dialog, a late prompt): its code stays out
 * of the page's first scripts and out of hydration (issue 35 §3, docs/adr/0079-shell-parts-on-demand.md). It is
 * fetched at the shopper's first touch, click or key press, and mounted the first time `wanted` is true (at once if
 * already fetched); once mounted it stays, so that closing, its focus return and its state work as before. Nothing is
 * rendered on the server: `wanted` is false in the first render. Code that fails to load (offline, a new deploy)
 * leaves the part unopened: the shopper is told, its owner hears `onUnavailable` (to close what it opened), and the
 * code is fetched again the next time the part is wanted.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  let fetching: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchCode = () => {
    fetching ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        fetching = null;
        throw error;
      },
    );
    return fetching;
  };
  let Part = lazy(fetchCode);

  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at import, never in a render
  function OnDemand({
    wanted,
    onUnavailable,
    ...props
  }: P & { wanted: boolean; onUnavailable?: () => void }) {
    const toast = useToast();
    const [mounted, setMounted] = useState(false);
    // After a failed load, the part waits for `wanted` to go false and true again (a second click), not a loop.
    const [failed, setFailed] = useState(false);
    if (failed && !wanted) setFailed(false);
    if (wanted && !mounted && !failed) setMounted(true);
    useEffect(() => onFirstInteraction(() => fetchCode().catch(() => {})), []);
    if (!mounted) return null;
    return (
      <PartBoundary
        onFailed={() => {
          Part = lazy(fetchCode);
          setMounted(false);
          setFailed(true);
          toast(PART_FAILED);
          onUnavailable?.();
        }}
      >
        <Suspense fallback={null}>
          <Part {...(props as unknown as P)} />
        </Suspense>
      </PartBoundary>
    );
  }
  return OnDemand;
}

/** The code of every part made by `hydratedLater` that has started to load, settled or not. */
const laterLoads: Promise<unknown>[] = [];

/**
 * Settles once the code of every part hydrated later so far has loaded or failed, or after `atMostMs`: early clicks
 * wait for it, and the early-click script holds every press until they are replayed, so a stalled request must not
 * hold the page's buttons for long.
 */
export function laterPartsSettled(atMostMs = 1_500): Promise<unknown> {
  // A task later than the loads: React marks a part's code as there in a reaction of its own, which must come first.
  const loaded = Promise.allSettled(laterLoads).then(() => new Promise((resolve) => setTimeout(resolve)));
  return Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, atMostMs))]);
}

/**
 * A part of the shell that is in the server's HTML but need not answer in the page's first moment (the footer, the
 * chat button, notices that come later): its code stays out of the page's first scripts (issue 35 §3). The server
 * waits for it (the document is sent whole, ADR 43), so the HTML is the same; in the browser React hydrates the
 * rest of the page first and this part when its code has come, in a task of its own (React's selective hydration:
 * a Suspense boundary whose code is not there yet keeps the server's HTML). A press on it before then is held by
 * the early-click script and pressed again once its code is in (`laterPartsSettled`); its links work meanwhile,
 * as links. Code that cannot load leaves the server's HTML as it is (links still go where they say), and a part
 * mounted by a client navigation shows nothing until its code comes.
 *
 * Such a part must render the same on the server and in its first render in the browser without `useHydrated`
 * (ADR 48: a component hydrated after the page has hydrated would start as hydrated and differ from the HTML).
 */
export function hydratedLater<P extends object>(load: () => Promise<ComponentType<P>>) {
  // Code that cannot load never settles: React keeps the server's HTML (or nothing, after a client navigation).
  const Part = fetchedEarly(
    load,
    () => true,
    () => new Promise<never>(() => {}),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at import, never in a render
  function HydratedLater(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return HydratedLater;
}

/**
 * A page's view in a chunk of its own, which the document names when the page shows it (a `<script type="module">`
 * the browser fetches and runs with the page's other scripts): `onThisPage` finds it as this module runs, and the
 * code is then there when the page hydrates, in the same pass. On a client navigation to it the code is fetched
 * then; having no Suspense boundary of its own, the navigation waits for it with the page it leaves on screen.
 * Code that cannot load is the page's error: its boundary shows the error screen, whose reload asks again.
 */
export function namedByThePage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  onThisPage: () => boolean,
) {
  return fetchedEarly(load, onThisPage, (error) => Promise.reject(error));
}

/**
 * A lazy component whose code is asked for as this module runs in the browser when `onThisPage()` says the page shows
 * it, and whose code, once here, is handed to React at once. Its loads count for `laterPartsSettled`.
 */
function fetchedEarly<P extends object>(
  load: () => Promise<ComponentType<P>>,
  onThisPage: () => boolean,
  failed: (error: unknown) => Promise<never>,
) {
  let loaded: { default: ComponentType<P> } | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchCode = () => {
    if (!loading) {
      const code = load();
      if (typeof window !== "undefined") laterLoads.push(code);
      loading = code.then(
        (component) => {
          loaded = { default: component };
          return loaded;
        },
        (error: unknown) => {
          loading = null;
          return failed(error);
        },
      );
    }
    return loading;
  };
  // In the browser the code is asked for as the module runs, beside the page's hydration: React reaches a part's
  // boundary only in a pass after the page's, which would ask for it a round trip later.
  if (typeof window !== "undefined" && onThisPage()) void fetchCode();
  // Code already here is handed over at once (a thenable that answers synchronously, which React.lazy reads as
  // loaded): a press that makes React hydrate the part on the spot then finds it ready instead of suspending.
  return lazy(() => (loaded ? answeredAtOnce(loaded) : fetchCode()));
}

/** A thenable that calls back synchronously: React.lazy reads it as loaded in the same render. */
function answeredAtOnce<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (React.lazy's protocol)
  return { then: (ready: (value: T) => void) => ready(value) } as unknown as Promise<T>;
}
