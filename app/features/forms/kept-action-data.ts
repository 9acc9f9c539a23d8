import { useEffect, useState } from "react";
import { useLocation } from "react-router";

/**
 * The page's last action answer, kept for as long as the shopper stays on the location it was given for. React
 * Router clears `actionData` on any load that is not the action's own, and two such loads come without the shopper
 * doing anything:
 * - hydration, after a form sent before the page's scripts ran: the document shows the answer (the code step, an
 *   error), then the root's and a personal page's client loaders run and the answer was gone, the form empty again;
 * - a console page's polling, which would drop "Send out anyway" (and every "…: done.") within seconds.
 * A new location (another submission, a link) ends it, as React Router's own answer would end.
 */
export function useKeptActionData<T>(actionData: T | undefined): T | undefined {
  const { key } = useLocation();
  const [kept, setKept] = useState(() => (actionData === undefined ? null : { key, data: actionData }));
  useEffect(() => {
    if (actionData !== undefined) setKept({ key, data: actionData });
  }, [actionData, key]);
  if (actionData !== undefined) return actionData;
  return kept?.key === key ? kept.data : undefined;
}
