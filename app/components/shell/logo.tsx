/** The Nightcap wordmark: a crescent moon and the name. */
export function Logo() {
  return (
    <span className="logo">
      <svg
        className="logo__mark"
        width="28"
        height="28"
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="16" cy="16" r="16" fill="#ffb547" />
        <path d="M20.5 7.5a9.5 9.5 0 1 0 4 13.2A8 8 0 0 1 20.5 7.5z" fill="#1d1442" />
      </svg>
      <span className="logo__text">Nightcap</span>
    </span>
  );
}
