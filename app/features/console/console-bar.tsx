import { Form, NavLink } from "react-router";
import { CsrfField } from "../accounts/session.tsx";

/**
 * The console's own bar: staff work outside the shopper's shell (no delivery address, cart or catalogue), with the
 * queue, the driver's run and logging out one tap away.
 */
export function ConsoleBar({ admin = false }: { admin?: boolean } = {}) {
  return (
    <nav className="console-bar" aria-label="Store console">
      <span className="console-bar__brand">Nightcap console</span>
      <NavLink to="/console" end>
        Orders
      </NavLink>
      <NavLink to="/console/driver">Driver</NavLink>
      <NavLink to="/console/stock">Stock</NavLink>
      <NavLink to="/console/proposals">Proposals</NavLink>
      <NavLink to="/console/store">Store</NavLink>
      <NavLink to="/console/taxes">Taxes</NavLink>
      <NavLink to="/console/statements">Statements</NavLink>
      <NavLink to="/console/loyalty">Loyalty</NavLink>
      <NavLink to="/console/id-checks">ID checks</NavLink>
      <NavLink to="/console/banners">Banners</NavLink>
      {admin ? <NavLink to="/console/analytics">Analytics</NavLink> : null}
      <NavLink to="/console/chats">Chats</NavLink>
      {admin ? <NavLink to="/console/admin">Admin</NavLink> : null}
      {admin ? <NavLink to="/console/photos">Photos</NavLink> : null}
      {admin ? <NavLink to="/console/enquiries">Enquiries</NavLink> : null}
      <Form method="post" action="/logout" className="console-bar__logout">
        <CsrfField />
        <button type="submit">Log out</button>
      </Form>
    </nav>
  );
}

/** A console page refused (a shopper's account): the bar, the page's name and why. */
export function ConsoleRefused({ title, message }: { title: string; message: string | null }) {
  return (
    <div className="page page--narrow">
      <ConsoleBar />
      <h1 className="page-head__title">{title}</h1>
      <p className="form-message form-message--error" role="alert">
        {message}
      </p>
    </div>
  );
}

/** Every console page's route head: outside the shopper's shell, never indexed, titled in the console. */
export const CONSOLE_HANDLE = { fullScreen: true };
export const consoleMeta = (title: string) => () => [
  { title: `${title} | Store console` },
  { name: "robots", content: "noindex" },
];
