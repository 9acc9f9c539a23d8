import { useEffect, useState } from "react";
import { useLocation } from "react-router";

/**
 * The page's last action answer, kept while polling reloads the page's data. React Router clears `actionData` on any
 * revalidation that is not the action's own, so a polled console page would drop "Send out anyway" (and every
 * "…: done.") within seconds of showing it. The answer is kept for the page it was given on, until the next one.
 */
export function useKeptActionData<T>(actionData: T | undefined): T | undefined {
  const { pathname } = useLocation();
  const [kept, setKept] = useState<{ pathname: string; data: T } | null>(null);
  useEffect(() => {
    if (actionData !== undefined) setKept({ pathname, data: actionData });
  }, [actionData, pathname]);
  if (actionData !== undefined) return actionData;
  return kept?.pathname === pathname ? kept.data : undefined;
}
