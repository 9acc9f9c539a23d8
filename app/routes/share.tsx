import { useState } from "react";
import { Link } from "react-router";
import { formatCents } from "#domain/money.ts";
import { Block, ContentHead } from "../features/content/blocks.tsx";
import { CONTENT_PAGES } from "../features/content/pages.server.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/share";

/**
 * /share (spec §2, in the shell): how referrals work; a signed-in shopper gets their own invite link and sees each
 * friend who came through it and what it earned; a visitor is asked to log in.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const page = CONTENT_PAGES["/share"];
  const res = await context.api<ApiAnswer<"listReferrals">>("/api/referrals");
  const mine = res.ok ? res.data : null;
  return {
    page,
    mine: mine ? { ...mine, link: absoluteUrl(context.origin, mine.path) } : null,
    seo: {
      title: page.title,
      description: page.description,
      canonical: absoluteUrl(context.origin, "/share"),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

export default function Share({ loaderData }: Route.ComponentProps) {
  const { page, mine } = loaderData;
  return (
    <article className="page page--narrow content">
      <ContentHead page={page} />
      {mine ? (
        <InviteLink link={mine.link} code={mine.code} />
      ) : (
        <p className="share-link">
          <span>Log in to get your personal invite link and follow your invites.</span>
          <span>
            <Link className="button button--primary" to="/login?returnTo=%2Fshare">
              Log in to get your link
            </Link>{" "}
            or <Link to="/signup">sign up</Link>
          </span>
        </p>
      )}
      {mine ? (
        <section aria-labelledby="your-invites">
          <h2 id="your-invites">Your invites</h2>
          <dl className="share-figures">
            <div>
              <dt>Friends rewarded</dt>
              <dd>
                {mine.rewarded} of {mine.cap}
              </dd>
            </div>
            <div>
              <dt>Credit earned</dt>
              <dd>{formatCents(mine.earned, true)}</dd>
            </div>
          </dl>
          {mine.referrals.length === 0 ? (
            <p>No friends have signed up through your link yet.</p>
          ) : (
            <table className="referrals">
              <caption className="visually-hidden">
                Friends who signed up through your link, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Friend</th>
                  <th scope="col">Signed up</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {mine.referrals.map((r, i) => (
                  <tr key={i} data-state={r.state}>
                    <td>{r.name}</td>
                    <td>{day(r.signedUpAt)}</td>
                    <td>
                      <span className={`referral-state referral-state--${r.state}`}>{r.label}</span>
                      {r.state === "rewarded"
                        ? ` · you earned ${formatCents(mine.reward.referrer, true)}`
                        : ""}
                      {r.reason ? <p className="field__hint">{r.reason}</p> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
      {page.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </article>
  );
}

/** The link with a copy button (the clipboard where the browser allows it; the field is selectable anyway). */
function InviteLink({ link, code }: { link: string; code: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <section className="share-link" aria-labelledby="invite-link-title">
      <h2 id="invite-link-title" className="lead-prompt__title">
        Share your link
      </h2>
      <div className="share-link__row">
        <label className="visually-hidden" htmlFor="invite-link">
          Your invite link
        </label>
        <input
          id="invite-link"
          className="input"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="button button--primary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(link);
              setCopied("Link copied. Send it to a friend.");
            } catch {
              setCopied("Select the link and copy it.");
            }
          }}
        >
          Copy link
        </button>
      </div>
      <p className="field__hint">
        Your code is <strong>{code}</strong>. <span role="status">{copied ?? ""}</span>
      </p>
    </section>
  );
}
