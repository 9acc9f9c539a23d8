import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { CloseIcon } from "#app/components/icons.tsx";
import { browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { useModalDialog } from "#app/lib/modal-dialog.ts";
import type { SsoProviderInfo } from "#domain/accounts/types.ts";
import { ForgotForm, type ForgotResult } from "./forgot-form.tsx";
import { useFetcherChannel } from "./form-channel.tsx";
import { type LoginView, onLoginModalRequest } from "./login-modal-events.ts";
import { LoginPanel, type LoginResult } from "./login-panel.tsx";
import { useSession } from "./session.tsx";
import { SignupForm, type SignupResult } from "./signup-form.tsx";

const TITLES: Record<LoginView, string> = { login: "Log in", signup: "Sign up", forgot: "Forgot password" };

/**
 * The login modal (spec §4: views login, signup and forgot). Its forms post to the same actions as the /login,
 * /signup and /forgot-password pages through fetchers, returning to the page underneath; it closes once the
 * shopper is signed in.
 */
export function LoginModal({ initialView = null }: { initialView?: LoginView | null }) {
  const [view, setView] = useState<LoginView | null>(initialView);
  const [providers, setProviders] = useState<SsoProviderInfo[]>([]);
  const { user } = useSession();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const login = useFetcherChannel<LoginResult>("login-modal-login");
  const signup = useFetcherChannel<SignupResult>("login-modal-signup");
  const forgot = useFetcherChannel<ForgotResult>("login-modal-forgot");

  useEffect(() => onLoginModalRequest(setView), []);

  useEffect(() => {
    if (view && providers.length === 0) {
      browserApi<ApiAnswer<"listSsoProviders">>("/auth/providers").then((res) => {
        if (res.ok && Array.isArray(res.data)) setProviders(res.data);
      });
    }
  }, [view, providers.length]);

  useEffect(() => {
    if (user) setView(null);
  }, [user]);

  const dialog = useModalDialog(view !== null, () => setView(null));

  return (
    <dialog {...dialog} className="login-modal" aria-labelledby="login-modal-title">
      {view ? (
        <>
          <div className="login-modal__head">
            <h2 id="login-modal-title" className="login-modal__title">
              {TITLES[view]}
            </h2>
            <button type="button" className="icon-button" aria-label="Close" onClick={() => setView(null)}>
              <CloseIcon />
            </button>
          </div>
          {view === "login" ? (
            <LoginPanel
              channel={login}
              returnTo={returnTo}
              providers={providers}
              idPrefix="modal-login"
              onShowSignup={() => setView("signup")}
              onShowForgot={() => setView("forgot")}
            />
          ) : null}
          {view === "signup" ? (
            <SignupForm
              channel={signup}
              action="/signup"
              returnTo={returnTo}
              providers={providers}
              idPrefix="modal-signup"
              onShowLogin={() => setView("login")}
            />
          ) : null}
          {view === "forgot" ? (
            <ForgotForm channel={forgot} idPrefix="modal-forgot" onShowLogin={() => setView("login")} />
          ) : null}
        </>
      ) : null}
    </dialog>
  );
}
