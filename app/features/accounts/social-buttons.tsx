import type { SsoProviderInfo } from "../../../domain/accounts/types.ts";

/**
 * Social sign-in (spec §7: Apple, Google, Facebook) — plain links: the start is a GET that redirects to the
 * provider, so no form is submitted to another site.
 */
export function SocialButtons({ providers, returnTo }: { providers: SsoProviderInfo[]; returnTo: string }) {
  if (providers.length === 0) return null;
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
              href={`${p.start}?returnTo=${encodeURIComponent(returnTo)}`}
            >
              Continue with {p.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
