/** Small inline icons (decorative: the control around them carries the label). */
type IconProps = { size?: number; className?: string };

const svg = (path: React.ReactNode, { size = 20, className }: IconProps) => (
  <svg
    className={className}
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {path}
  </svg>
);

export const MenuIcon = (p: IconProps) => svg(<path d="M4 6h16M4 12h16M4 18h16" />, p);
export const CloseIcon = (p: IconProps) => svg(<path d="M6 6l12 12M18 6L6 18" />, p);
export const SearchIcon = (p: IconProps) =>
  svg(
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </>,
    p,
  );
export const ChevronDownIcon = (p: IconProps) => svg(<path d="M6 9l6 6 6-6" />, p);
export const ChevronRightIcon = (p: IconProps) => svg(<path d="M9 6l6 6-6 6" />, p);
export const ChevronLeftIcon = (p: IconProps) => svg(<path d="M15 6l-6 6 6 6" />, p);
export const BagIcon = (p: IconProps) =>
  svg(
    <>
      <path d="M5 8h14l-1.2 12H6.2L5 8z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </>,
    p,
  );
export const UserIcon = (p: IconProps) =>
  svg(
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>,
    p,
  );
export const PinIcon = (p: IconProps) =>
  svg(
    <>
      <path d="M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12z" />
      <circle cx="12" cy="10" r="2.5" />
    </>,
    p,
  );
export const ChatIcon = (p: IconProps) => svg(<path d="M4 5h16v11H9l-5 4V5z" />, p);
export const FilterIcon = (p: IconProps) => svg(<path d="M4 6h16M7 12h10M10 18h4" />, p);
export const ClockIcon = (p: IconProps) =>
  svg(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>,
    p,
  );
export const GiftIcon = (p: IconProps) =>
  svg(
    <>
      <rect x="3" y="8" width="18" height="13" rx="1" />
      <path d="M12 8v13M3 12h18M12 8c-2-4-6-4-6-1.5S9 8 12 8zM12 8c2-4 6-4 6-1.5S15 8 12 8z" />
    </>,
    p,
  );
export const SparkleIcon = (p: IconProps) =>
  svg(<path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6" />, p);
export const ThumbUpIcon = (p: IconProps) =>
  svg(
    <path d="M14 9V5a3 3 0 0 0-3-3l-4 9v11h11.28a2 2 0 0 0 2-1.7l1.38-9a2 2 0 0 0-2-2.3zM7 22H4a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2h3" />,
    p,
  );
export const ThumbDownIcon = (p: IconProps) =>
  svg(
    <path d="M10 15v4a3 3 0 0 0 3 3l4-9V2H5.72a2 2 0 0 0-2 1.7l-1.38 9a2 2 0 0 0 2 2.3zm7-13h2.67A2.31 2.31 0 0 1 22 4v7a2.31 2.31 0 0 1-2.33 2H17" />,
    p,
  );
