import { lazy, Suspense, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { SESSION_ENDED_EVENT } from "#app/lib/csrf.ts";
import { type LoginView, onLoginModalRequest } from "./login-modal-events.ts";

export const loadLoginModal = () => import("./login-modal.tsx");
const LoginModal = lazy(() => loadLoginModal().then((m) => ({ default: m.LoginModal })));

/**
 * What any part of a page in the shell may ask of the account, listened for from the page's first moment: the login
 * modal (opened by "Log in", a heart, a "log in to…" prompt), whose code loads on the first request to open it (or
 * when the pointer or focus reaches "Log in"); and the end of the session, after which the page reloads its data and
 * shows itself logged out.
 */
export function AccountWatch() {
  const revalidator = useRevalidator();
  const [firstView, setFirstView] = useState<LoginView | null>(null);
  useEffect(() => onLoginModalRequest((view) => setFirstView((shown) => shown ?? view)), []);
  useEffect(() => {
    const ended = () => revalidator.revalidate();
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, [revalidator]);
  if (!firstView) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal initialView={firstView} />
    </Suspense>
  );
}
