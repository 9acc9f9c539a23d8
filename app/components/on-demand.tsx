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
