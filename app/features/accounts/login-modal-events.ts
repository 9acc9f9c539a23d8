/** Spec §4: the login modal's views. */
export type LoginView = "login" | "signup" | "forgot";
const OPEN_EVENT = "nightcap:open-login";

/** Opens the login modal from anywhere on the page (checkout, a "log in to…" prompt). */
export function openLoginModal(view: LoginView = "login"): void {
  window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: view }));
}

/** Calls `listener` with the view asked for each time the login modal is asked to open; answers the unsubscribe. */
export function onLoginModalRequest(listener: (view: LoginView) => void): () => void {
  const handle = (event: Event) => listener(((event as CustomEvent).detail as LoginView) ?? "login");
  window.addEventListener(OPEN_EVENT, handle);
  return () => window.removeEventListener(OPEN_EVENT, handle);
}
