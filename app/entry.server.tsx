import { Writable } from "node:stream";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { criticalCss } from "./lib/critical-css.ts";
import { provideStaticRenderer } from "./lib/static-markup.ts";
import appCssText from "./styles/app.css?inline";
import appCss from "./styles/app.css?url";

export const streamTimeout = 5_000;

provideStaticRenderer(renderToStaticMarkup);

/**
 * Renders the whole document before answering (no streaming): pages are small, and a complete
 * document gives crawlers and the status code the final word. Every script carries the request's CSP nonce, and the
 * inline critical stylesheet its style nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          // The whole document is ready: React writes it at once, here kept as the parts it comes in.
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              const parts = completeDocument(Buffer.concat(chunks), loadContext.styleNonce ?? "");
              const body = new ReadableStream<Uint8Array>({
                start(controller) {
                  for (const part of parts) controller.enqueue(part);
                  controller.close();
                },
              });
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(body, { headers: responseHeaders, status }));
              callback();
            },
          });
          pipe(sink);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}

/**
 * The complete document, rewritten (it is complete before it is sent: onAllReady), as the parts of its bytes that
 * stay and the inline style between them — never one string of the whole page (app/lib/critical-css.ts, forParts):
 * - without React Router's `<link rel="modulepreload">` tags (docs/adr/0043-first-paint.md): the page's scripts are
 *   requested when the parser reaches the module script at the end of <body>, so the stylesheet and the largest
 *   image have the link to themselves first, and the first paint does not wait for 110 kB of scripts;
 * - with the stylesheet's rules this document uses inline instead of the stylesheet link (docs/adr/0045-critical-css.md):
 *   the first paint waits for no stylesheet request. The whole stylesheet comes after the first paint: React inserts
 *   the root layout's `<link precedence>` as the page hydrates, and without JavaScript the `<noscript>` link loads
 *   it. The inline rules are a subset of the stylesheet in its order, so its arrival changes no style already shown.
 */
function completeDocument(html: Buffer, styleNonce: string): Buffer[] {
  const parts = withoutTags(html, MODULE_PRELOAD);
  if (import.meta.env.DEV) return parts;
  return withCriticalCss(parts, styleNonce);
}

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const STYLESHEET = Buffer.from(`<link rel="stylesheet" href="${appCss}"`);

/**
 * Where the first self-closing tag beginning with `start` lies in `html`, from `from`: what the expression
 * /start[^>]*\/>/ matches (the tag's first `>` closes it, and must follow a `/`), or null.
 */
function tagAt(html: Buffer, start: Buffer, from = 0): { at: number; end: number } | null {
  for (let at = html.indexOf(start, from); at >= 0; at = html.indexOf(start, at + 1)) {
    const close = html.indexOf(0x3e, at + start.length); // ">"
    if (close < 0) return null;
    if (html[close - 1] === 0x2f && close - 1 >= at + start.length) return { at, end: close + 1 }; // "/"
  }
  return null;
}

/** The document without every such tag, as the parts that stay (views of `html`, no copy). */
function withoutTags(html: Buffer, start: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let kept = 0;
  for (let tag = tagAt(html, start); tag; tag = tagAt(html, start, tag.end)) {
    if (tag.at > kept) parts.push(html.subarray(kept, tag.at));
    kept = tag.end;
  }
  parts.push(html.subarray(kept));
  return parts;
}

let critical: ReturnType<typeof criticalCss> | null = null;

/** The document with its critical CSS inline in place of the stylesheet link. */
function withCriticalCss(parts: Buffer[], styleNonce: string): Buffer[] {
  for (const [i, part] of parts.entries()) {
    const link = tagAt(part, STYLESHEET);
    if (!link) continue;
    critical ??= criticalCss(appCssText);
    // Our own rules: `</` can only be in a string or comment, where `<\/` reads the same.
    const rules = critical.forParts(parts).replaceAll("</", "<\\/");
    const style = `<style nonce="${styleNonce}">${rules}</style><noscript><link rel="stylesheet" href="${appCss}"/></noscript>`;
    return [
      ...parts.slice(0, i),
      part.subarray(0, link.at),
      Buffer.from(style),
      part.subarray(link.end),
      ...parts.slice(i + 1),
    ];
  }
  return parts;
}
