import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { criticalCss } from "./lib/critical-css.ts";
import appCssText from "./styles/app.css?inline";
import appCss from "./styles/app.css?url";

export const streamTimeout = 5_000;

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
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(completeDocument(loadContext.styleNonce ?? "")).pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
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
 * The complete document, rewritten (it is complete before it is sent: onAllReady):
 * - without React Router's `<link rel="modulepreload">` tags (docs/adr/0043-first-paint.md): the page's scripts are
 *   requested when the parser reaches the module script at the end of <body>, so the stylesheet and the largest
 *   image have the link to themselves first, and the first paint does not wait for 110 kB of scripts;
 * - with the stylesheet's rules this document uses inline instead of the stylesheet link (docs/adr/0045-critical-css.md):
 *   the first paint waits for no stylesheet request. The whole stylesheet comes after the first paint: React inserts
 *   the root layout's `<link precedence>` as the page hydrates, and without JavaScript the `<noscript>` link loads
 *   it. The inline rules are a subset of the stylesheet in its order, so its arrival changes no style already shown.
 */
function completeDocument(styleNonce: string): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      const html = Buffer.concat(chunks).toString("utf8").replace(MODULE_PRELOAD, "");
      callback(null, withCriticalCss(html, styleNonce));
    },
  });
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;

let critical: ReturnType<typeof criticalCss> | null = null;

/** The document with its critical CSS inline in place of the stylesheet link (unchanged in development). */
function withCriticalCss(html: string, styleNonce: string): string {
  if (import.meta.env.DEV) return html;
  const link = new RegExp(`<link rel="stylesheet" href="${escapeRegExp(appCss)}"[^>]*/>`).exec(html);
  if (!link) return html;
  critical ??= criticalCss(appCssText);
  // Our own rules: `</` can only be in a string or comment, where `<\/` reads the same.
  const rules = critical.forHtml(html).replaceAll("</", "<\\/");
  const style = `<style nonce="${styleNonce}">${rules}</style><noscript><link rel="stylesheet" href="${appCss}"/></noscript>`;
  return html.slice(0, link.index) + style + html.slice(link.index + link[0].length);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
