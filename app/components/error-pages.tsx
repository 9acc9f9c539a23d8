import { Link } from "react-router";
import { NOT_FOUND, SERVER_ERROR } from "#domain/copy.ts";

/** The not-found page (spec §2): the number 404, 'Party foul.' and the clean-up line, with a way home. */
export function NotFound() {
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <p className="error-page__code" aria-hidden="true">
        {NOT_FOUND.code}
      </p>
      <h1 id="error-heading" className="error-page__heading">
        <span className="visually-hidden">{NOT_FOUND.code}: </span>
        {NOT_FOUND.heading}
      </h1>
      <p className="error-page__text">{NOT_FOUND.text}</p>
      <div className="error-page__actions">
        <Link className="button button--primary" to="/">
          Back to the store
        </Link>
        <Link className="button button--ghost" to="/brands">
          Browse brands
        </Link>
      </div>
    </section>
  );
}

/** The 500 screen (spec §2). */
export function ServerError() {
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <p className="error-page__code" aria-hidden="true">
        500
      </p>
      <h1 id="error-heading" className="error-page__heading">
        {SERVER_ERROR}
      </h1>
      <div className="error-page__actions">
        <a className="button button--primary" href="/">
          Back to the store
        </a>
      </div>
    </section>
  );
}
