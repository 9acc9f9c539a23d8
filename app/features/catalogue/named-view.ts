import { type ComponentType, lazy } from "react";

/**
 * A page's view in a chunk of its own, which the document names when the page shows it (a `<script type="module">`
 * the browser fetches and runs with the page's other scripts, docs/adr/0082-parts-hydrated-later.md): `onThisPage`
 * finds it as this module runs, the code is asked for at once, and, there when the page hydrates, it is handed to
 * React synchronously, so the view hydrates in the same pass as the rest. On a client navigation to it the code is
 * fetched then; having no Suspense boundary of its own, the navigation waits for it with the page it leaves on
 * screen. Code that cannot load is the page's error: its boundary shows the error screen, whose reload asks again.
 */
export function namedByThePage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  onThisPage: () => boolean,
) {
  let loaded: { default: ComponentType<P> } | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchCode = () => {
    loading ??= load().then(
      (component) => {
        loaded = { default: component };
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  if (typeof window !== "undefined" && onThisPage()) void fetchCode();
  return lazy(() => (loaded ? answeredAtOnce(loaded) : fetchCode()));
}

/** A thenable that calls back synchronously: React.lazy reads it as loaded in the same render. */
function answeredAtOnce<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (React.lazy's protocol)
  return { then: (ready: (value: T) => void) => ready(value) } as unknown as Promise<T>;
}
