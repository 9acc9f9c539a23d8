import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * What a page request gets when the server sheds load (docs/adr/0042-shared-page-cache.md): a small static page, sent
 * at once with 503 and Retry-After, that tries again by itself. No script, no stylesheet: nothing more to load.
 */
export const BUSY_RETRY_AFTER_S = 5;

export const BUSY_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${BUSY_RETRY_AFTER_S}">
<title>Busy right now | Nightcap</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #1d1442">
<h1>We're a little busy</h1>
<p>Lots of people are shopping right now. This page will try again in a few seconds.</p>
<p><a href="">Try again now</a></p>
</body>
</html>
`;

const BUSY_BODY = Buffer.from(BUSY_PAGE);

/** The busy page's headers, made once: the page has no script and loads nothing, so its policy allows nothing else. */
const BUSY_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-length": String(BUSY_BODY.length),
  "retry-after": String(BUSY_RETRY_AFTER_S),
  "cache-control": "no-store",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

/** The busy page written straight to Node's response, before the framework sees the request (server/front-door.ts). */
export function writeBusyPage(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(503, BUSY_HEADERS);
  res.end(req.method === "HEAD" ? undefined : BUSY_BODY);
}
