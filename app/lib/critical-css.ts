/**
 * The rules of the stylesheet that a rendered document can use (docs/adr/0045-critical-css.md): inlined in the
 * document so that its first paint waits for no stylesheet request; the whole stylesheet follows without blocking.
 *
 * A rule is kept when one of its selectors names only classes and ids present in the document's markup (tags,
 * attributes and pseudo-classes are not checked: a rule kept for nothing costs bytes, never a wrong style). Rules
 * naming no class or id (the reset, custom properties) are always kept; @media and @supports keep their kept rules,
 * in order; other at-rules (@keyframes) are kept whole. Built for the minified CSS Vite emits.
 */

type Node =
  | { kind: "rule"; text: string; selectors: Token[][] }
  | { kind: "block"; prelude: string; children: Node[] }
  | { kind: "other"; text: string };

/** What a selector needs in the document: class and id names. */
type Token = string;

export interface CriticalCss {
  /** The kept rules for a document's HTML, as one stylesheet's text. */
  forHtml(html: string): string;
  /**
   * The same for a document given as its UTF-8 bytes, in parts: read a piece at a time, so that a page of 150 kB is
   * never one string (a string that large is allocated, written and collected apart from the others: on a page
   * render it cost more than the reading).
   */
  forParts(parts: readonly Uint8Array[]): string;
}

export function criticalCss(css: string): CriticalCss {
  const nodes = parse(css, 0, css.length);
  return {
    forHtml(html) {
      const present = new Set<string>();
      namesIn(html, present);
      return emit(nodes, present);
    },
    forParts(parts) {
      return emit(nodes, namesInParts(parts));
    },
  };
}

/** `.name` and `#name` tokens of the document: every class in a class attribute, every id. */
function namesIn(html: string, names: Set<string>) {
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of m[1].split(/\s+/)) if (name) names.add(`.${name}`);
  }
  for (const m of html.matchAll(/\sid="([^"]*)"/g)) names.add(`#${m[1]}`);
}

/** Bytes decoded at a time by namesInParts. */
const PIECE = 16 * 1024;

/**
 * namesIn over a document in parts. The text is cut before a `<`: an attribute's value holds none (the renderer
 * escapes it), so every `class="…"` and `id="…"` lies whole within one of the pieces read.
 */
function namesInParts(parts: readonly Uint8Array[]): Set<string> {
  const names = new Set<string>();
  const decoder = new TextDecoder();
  let carried = "";
  for (const part of parts) {
    for (let at = 0; at < part.length; at += PIECE) {
      const text = carried + decoder.decode(part.subarray(at, at + PIECE), { stream: true });
      const cut = text.lastIndexOf("<");
      if (cut <= 0) {
        carried = text;
        continue;
      }
      namesIn(text.slice(0, cut), names);
      carried = text.slice(cut);
    }
  }
  namesIn(carried + decoder.decode(), names);
  return names;
}

function emit(nodes: Node[], present: Set<string>): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "rule") {
      if (node.selectors.some((tokens) => tokens.every((t) => present.has(t)))) out += node.text;
    } else if (node.kind === "block") {
      const inner = emit(node.children, present);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else out += node.text;
  }
  return out;
}

/** Top-level statements of css[start, end). */
function parse(css: string, start: number, end: number): Node[] {
  const nodes: Node[] = [];
  let i = start;
  while (i < end) {
    while (i < end && /\s/.test(css[i])) i++;
    if (i >= end) break;
    const open = scan(css, i, end, "{;");
    if (open >= end || css[open] === ";") {
      // A statement without a block (@import, @charset): kept as it is.
      nodes.push({ kind: "other", text: css.slice(i, Math.min(open + 1, end)) });
      i = open + 1;
      continue;
    }
    const close = matching(css, open, end);
    const prelude = css.slice(i, open).trim();
    const text = css.slice(i, close + 1);
    if (/^@(media|supports|layer|container)\b/.test(prelude)) {
      nodes.push({ kind: "block", prelude, children: parse(css, open + 1, close) });
    } else if (prelude.startsWith("@")) {
      nodes.push({ kind: "other", text });
    } else {
      nodes.push({ kind: "rule", text, selectors: splitSelectors(prelude).map(tokensOf) });
    }
    i = close + 1;
  }
  return nodes;
}

/** The index of the first of `chars` at depth 0 outside strings, or `end`. */
function scan(css: string, from: number, end: number, chars: string): number {
  let depth = 0;
  for (let i = from; i < end; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = skipString(css, i);
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && chars.includes(c)) return i;
  }
  return end;
}

/** The index of the `}` closing the `{` at `open`. */
function matching(css: string, open: number, end: number): number {
  let depth = 0;
  for (let i = open; i < end; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = skipString(css, i);
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return end - 1;
}

function skipString(css: string, at: number): number {
  const quote = css[at];
  for (let i = at + 1; i < css.length; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

/** A selector list split at its top-level commas (not those inside :is(), :not(), :where()). */
function splitSelectors(prelude: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const comma = scan(prelude, from, prelude.length, ",");
    parts.push(prelude.slice(from, comma));
    if (comma >= prelude.length) return parts;
    from = comma + 1;
  }
}

/**
 * The classes and ids a selector requires. Those inside functional pseudo-classes (:not(.x), :is(.a, .b),
 * :has(.x)) are not required: `:not(.x)` matches without it, and the others are checked no further.
 */
function tokensOf(selector: string): Token[] {
  let plain = "";
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '"' || c === "'") {
      const to = skipString(selector, i);
      if (depth === 0) plain += " ";
      i = to;
    } else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0) plain += c;
  }
  return [...plain.matchAll(/[.#](-?[_a-zA-Z][\w-]*(?:\\.[\w-]*)*)/g)].map(
    (m) => `${m[0][0]}${m[1].replace(/\\(.)/g, "$1")}`,
  );
}
