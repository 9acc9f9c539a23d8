/** Simple drawings for the home tiles, keyed by tile code (spec §9). Decorative: the tile's text names it. */
const ART: Record<string, React.ReactNode> = {
  BE: (
    <>
      <path d="M14 16h18v26a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4z" fill="#ffc94d" />
      <path d="M32 21h4a4 4 0 0 1 4 4v7a4 4 0 0 1-4 4h-4" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M12 14a5 5 0 0 1 6-5 6 6 0 0 1 10 0 5 5 0 0 1 6 5v4H12z" fill="#fff" />
    </>
  ),
  WN: (
    <>
      <path d="M15 8h18c0 10-3 17-9 17s-9-7-9-17z" fill="#fff" opacity=".9" />
      <path d="M16.5 15h15c-.8 6-3.2 9-7.5 9s-6.7-3-7.5-9z" fill="#b3123c" />
      <path d="M24 25v14M17 42h14" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  ST: (
    <>
      <path d="M20 6h8v8l4 6v22a3 3 0 0 1-3 3H19a3 3 0 0 1-3-3V20l4-6z" fill="#fff" opacity=".92" />
      <rect x="16" y="25" width="16" height="11" fill="#e0933c" />
    </>
  ),
  TB: (
    <>
      <path d="M10 38c8-22 20-28 30-30-2 12-8 26-30 30z" fill="#cfe8b0" />
      <path d="M12 37c7-8 14-15 24-24" stroke="#4d7a2c" strokeWidth="2" fill="none" />
    </>
  ),
  HS: (
    <>
      <rect x="15" y="9" width="18" height="32" rx="4" fill="#fff" />
      <rect x="15" y="18" width="18" height="12" fill="#5ad1c5" />
      <circle cx="21" cy="6" r="1.5" fill="#fff" />
      <circle cx="27" cy="4" r="1" fill="#fff" />
    </>
  ),
  RS: (
    <>
      <path d="M15 8h18c0 10-3 17-9 17s-9-7-9-17z" fill="#fff" opacity=".9" />
      <path d="M16.5 15h15c-.8 6-3.2 9-7.5 9s-6.7-3-7.5-9z" fill="#ff8fb1" />
      <path d="M24 25v14M17 42h14" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  SEX: <path d="M24 41S8 31 8 19a8 8 0 0 1 16-3 8 8 0 0 1 16 3c0 12-16 22-16 22z" fill="#fff" />,
  OT: (
    <>
      <rect x="9" y="14" width="14" height="26" rx="3" fill="#fff" />
      <path d="M27 20h13l-2 20H29z" fill="#ffd36b" />
      <path d="M31 20l3-9" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
};

export function TileArt({ code }: { code: string }) {
  return (
    <svg
      className="tile__art"
      viewBox="0 0 48 48"
      width="48"
      height="48"
      aria-hidden="true"
      focusable="false"
    >
      {ART[code] ?? ART.OT}
    </svg>
  );
}
