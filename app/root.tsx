import { lazy, Suspense, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { NotFound, ServerError } from "./components/error-pages.tsx";
import {
  CsrfMeta,
  loadPersonalParts,
  loadSession,
  NO_SESSION,
  SessionProvider,
} from "./features/accounts/session.tsx";
import { loadDeliveryAddress } from "./features/address/address-context.tsx";
import { buildNavigation } from "./features/catalogue/navigation.ts";
import { ServiceWorkerRegistration } from "./features/pwa/service-worker-registration.tsx";
import { installAnalytics, pageView } from "./lib/analytics.ts";
import type { ApiAnswer } from "./lib/api-answers.ts";
import type { NonceData } from "./lib/csp-nonce.ts";
import { EARLY_CLICKS_SCRIPT, replayEarlyClicks } from "./lib/early-clicks.ts";
import { replayEarlyInputs } from "./lib/early-inputs.ts";
import { noteScriptsRun } from "./lib/shared-page.ts";

import appCss from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

/**
 * Loaded once per document and shared by every page: the navigation categories (spec §2: loaded once, built into
 * a tree, sorted by ordinal) and the footer's cities. A failed call keeps the defaults (spec §8).
 */
export async function loader({ context }: Route.LoaderArgs) {
  // A page shared between anonymous shoppers leaves who they are to the browser (clientLoader below).
  const shared = context.sharedPage;
  const [categories, cities, address, session] = await Promise.all([
    context.api<ApiAnswer<"getCategoryTree">>("/menu/categories").catch(() => null),
    context.api<ApiAnswer<"listCities">>("/order/cities").catch(() => null),
    shared ? null : loadDeliveryAddress(context.api).catch(() => null),
    shared ? NO_SESSION : loadSession(context.api),
  ]);
  return {
    address,
    session,
    /** "deferred": the address and session above are placeholders until the browser asks for them. */
    personal: shared ? ("deferred" as const) : ("included" as const),
    addressPending: shared?.addressPending ?? false,
    nav: categories?.ok && Array.isArray(categories.data) ? buildNavigation(categories.data) : [],
    cities:
      cities?.ok && Array.isArray(cities.data)
        ? cities.data.map((c) => ({ name: c.name, slug: c.slug, state: c.state }))
        : [],
    nonce: context.nonce,
    origin: context.origin,
    year: new Date().getFullYear(),
  };
}

/** Its data; `Provides` checks it carries what useNonce reads by the route's id (app/lib/csp-nonce.ts). */
type Provides<T extends NonceData> = T;
export type RootData = Provides<Awaited<ReturnType<typeof loader>>>;

/**
 * On a shared page (docs/adr/0042-shared-page-cache.md) the browser fills in the personal parts with one call as the
 * page hydrates: who is signed in, the CSRF token and the saved address. Elsewhere the server's data stands.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  noteScriptsRun();
  const data = await serverLoader();
  if (data.personal !== "deferred") return data;
  const personal = await loadPersonalParts();
  return personal
    ? { ...data, ...personal, personal: "included" as const, addressPending: false }
    : { ...data, personal: "unavailable" as const, addressPending: false };
}
clientLoader.hydrate = true as const;

/**
 * The shared data does not change from page to page: it reloads only after a form submission (log in, address) or
 * an explicit revalidation (same URL), not on every navigation or filter change.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const submitted = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  return submitted || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const nonce = root?.nonce;
  return (
    <SessionProvider value={root?.session ?? NO_SESSION}>
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          {/* First in <head>: it holds the clicks made before the page's scripts run (docs/adr/0047-early-clicks.md). */}
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: EARLY_CLICKS_SCRIPT }}
          />
          <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
          <meta name="theme-color" content="#1d1442" />
          {/* With a precedence React writes the one stylesheet near the top of <head>, before the hoisted meta tags
            and module preloads, so the browser requests it first (a plain <link> here would come last). */}
          <link rel="stylesheet" href={appCss} precedence="default" />
          <CsrfMeta />
          <Meta />
          <Links />
        </head>
        <body>
          {children}
          <ServiceWorkerRegistration />
          <ScrollRestoration />
          <Scripts />
        </body>
      </html>
    </SessionProvider>
  );
}

/** Analytics (docs/adr/0036-analytics-and-banners.md): a page view per URL shown, batches sent on page hide. */
function usePageViews() {
  const location = useLocation();
  useEffect(() => installAnalytics(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path or query is a new page view
  useEffect(() => pageView(), [location.pathname, location.search]);
}

/**
 * Every page: the shell's layout (routes/shell.tsx) puts the shell around those not full-screen, so that full-screen
 * pages load none of its code (issue 35 §3).
 */
export default function App({ loaderData }: Route.ComponentProps) {
  usePageViews();
  // At once, before any render can put the server's values back into fields the shopper changed (ADR 49).
  useEffect(() => void replayEarlyInputs(), []);
  // Pressed once the page answers as the shopper's own: on a shared page, after its personal parts are in.
  const ready = loaderData.personal !== "deferred";
  useEffect(() => {
    if (ready) replayEarlyClicks();
  }, [ready]);
  return <Outlet />;
}

/**
 * The shell around the root's error screen, loaded when one is shown: it is not among every page's first scripts.
 * The server waits for it (the document is sent whole), so the screen is the same; in the browser that page hydrates
 * once it has come.
 */
const ErrorShell = lazy(() =>
  import("./features/shell/site-shell.tsx").then((m) => ({ default: m.SiteShell })),
);

/** Errors the page boundary could not show (the shell itself failed): the 500 screen, or not-found for a 404. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<RootData>("root");
  useEffect(() => {
    replayEarlyInputs();
    replayEarlyClicks();
  }, []);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Suspense fallback={null}>
      <ErrorShell
        nav={root?.nav ?? []}
        cities={root?.cities ?? []}
        year={root?.year ?? new Date().getFullYear()}
        address={root?.address ?? null}
      >
        <title>{notFound ? "Page not found | Nightcap" : "Something went wrong | Nightcap"}</title>
        {notFound ? <NotFound /> : <ServerError />}
      </ErrorShell>
    </Suspense>
  );
}
