import { Outlet, useMatches, useRouteLoaderData } from "react-router";
import { ChunkWatchdog } from "../components/chunk-watchdog.tsx";
import { SiteShell } from "../features/shell/site-shell.tsx";
import { isFullScreen } from "../lib/full-screen.ts";
import type { RootData } from "../root.tsx";

/**
 * The main shell (spec §2 "Pages inside the main shell") around every page that is not full-screen, with the root's
 * navigation, cities and saved address. A layout of its own (app/routes.ts), so that full-screen pages (checkout,
 * tracking, signing in, the console) load none of the shell's code (issue 35 §3). One route serves pages of both
 * kinds (the catalogue path: city landing pages are full-screen): for those the page's data decides.
 */
export default function Shell() {
  const matches = useMatches();
  const root = useRouteLoaderData<RootData>("root");
  if (!root || isFullScreen(matches)) return <Outlet />;
  return (
    <SiteShell
      nav={root.nav}
      cities={root.cities}
      year={root.year}
      address={root.address}
      addressPending={root.addressPending}
    >
      <Outlet />
      <ChunkWatchdog />
    </SiteShell>
  );
}
