/**
 * A personal page's frame (docs/adr/0046-personal-page-frames.md): the page's heading and placeholders where its
 * data goes while the browser loads it. Announced as busy to assistive technology.
 */
export function PageLoading({ title, rows = 3 }: { title: string; rows?: number }) {
  return (
    <>
      <header className="page-head">
        <h1 className="page-head__title">{title}</h1>
        <p className="page-head__lead" role="status">
          Loading…
        </p>
      </header>
      <div className="page-loading" aria-busy="true" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <span key={i} className="page-loading__row" />
        ))}
      </div>
    </>
  );
}
