import { Link } from "react-router";
import { Logo } from "#app/components/shell/logo.tsx";

/** The full-screen frame of /login, /signup, /forgot-password, /reset-password and /sos (spec §2: no main shell). */
export function AuthLayout({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="auth-page">
      <header className="auth-page__top">
        <Link to="/" className="auth-page__logo" aria-label="Nightcap home">
          <Logo />
        </Link>
      </header>
      <main id="main" className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {lead ? <p className="auth-card__lead">{lead}</p> : null}
        {children}
      </main>
      <p className="auth-page__age">You must be 21 or older to order. Please drink responsibly.</p>
    </div>
  );
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="form-message form-message--error" role="alert">
      {message}
    </p>
  );
}

export function FormNotice({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="form-message form-message--info" role="status">
      {message}
    </p>
  );
}

export function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: React.ReactElement<{ id?: string }>;
}) {
  const id = children.props.id;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? <p className="field__hint">{hint}</p> : null}
    </div>
  );
}
