import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sanitizeHtml from "sanitize-html";
import { badRequest, notFound } from "#server/errors.ts";

/** Brand page header and footer blocks (spec §2): content/brands/{slug}-header.html and {slug}-footer.html. */
export const BRAND_CONTENT_DIR = fileURLToPath(new URL("../../../content/brands/", import.meta.url));

export const FRAGMENT_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*-(?:header|footer)\.html$/;

/**
 * What a fragment may hold: text formatting, headings, lists, links (relative, https or mailto; always
 * rel="noopener noreferrer") and images served from /images. Scripts, styles, event handlers, iframes and
 * any other URL are dropped.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "em",
    "b",
    "i",
    "small",
    "ul",
    "ol",
    "li",
    "blockquote",
    "section",
    "div",
    "span",
    "figure",
    "figcaption",
    "a",
    "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    "*": ["class"],
  },
  allowedSchemes: ["https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "noopener noreferrer" } }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !/^\/images\/[\w./-]+$/.test(frame.attribs.src ?? ""),
};

export function sanitizeFragment(html: string): string {
  return sanitizeHtml(html, SANITIZE).trim();
}

/** Reads and sanitizes one fragment. Bad names (path tricks included) → 400; missing file → 404. */
export function createFragmentReader(dir: string, cache: boolean) {
  const memo = new Map<string, string>();
  return async function readFragment(file: string): Promise<string> {
    if (!FRAGMENT_FILE.test(file)) throw badRequest("Fragment name must look like {brand-slug}-header.html");
    const hit = memo.get(file);
    if (hit !== undefined) return hit;
    const full = path.resolve(dir, file);
    if (path.dirname(full) !== path.resolve(dir)) throw badRequest("Fragment name must not leave the brand folder");
    const raw = await fs.readFile(full, "utf8").catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") throw notFound("No such brand fragment", "fragment_not_found");
      throw err;
    });
    const clean = sanitizeFragment(raw);
    if (cache) memo.set(file, clean);
    return clean;
  };
}
