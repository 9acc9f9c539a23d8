import type { SsoProviderInfo } from "#domain/accounts/types.ts";

/**
 * Social sign-in (spec §7: Apple, Google, Facebook) — plain links: the start is a GET that redirects to the
 * provider, so no form is submitted to another site. A sign-up through a friend's invite passes its code along:
 * the server brings it back to /signup with the provider's data.
 */
export function SocialButtons({
  providers,
  returnTo,
  referral = null,
}: {
  providers: SsoProviderInfo[];
  returnTo: string;
  referral?: string | null;
}) {
  if (providers.length === 0) return null;
  const query = `?returnTo=${encodeURIComponent(returnTo)}${referral ? `&ref=${encodeURIComponent(referral)}` : ""}`;
  return (
    <div className="social">
      <p className="social__or">
        <span>or</span>
      </p>
      <ul className="social__list">
        {providers.map((p) => (
          <li key={p.id}>
            <a
              className={`button button--block social__button social__button--${p.id}`}
              href={`${p.start}${query}`}
            >
              Continue with {p.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
