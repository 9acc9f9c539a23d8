export type InlinePart = { text: string } | { text: string; to: string };

const LINK = /\[([^\]]+)\]\((\/[^)\s]*)\)/g;

/** Splits "see [Careers](/careers)." into text and site-internal links; only paths starting with "/" become links. */
export function inlineParts(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: match[1], to: match[2] });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
