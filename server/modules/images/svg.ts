import { stableHash } from "#domain/catalogue/inventory.ts";

/**
 * Generated product and category art (no network, no stored images): a silhouette that says what the
 * product is (bottle, can, pack, box…), coloured from a hash of the brand and labelled with its initials.
 */

export type Silhouette = "wine" | "spirit" | "beer" | "can" | "pack" | "bag" | "box" | "gift" | "tub";

export interface ProductArt {
  title: string;
  brand: string | null;
  tags: readonly string[];
  volumeLabel: string | null;
  volumeMl: number | null;
  packageQty: number;
}

const WINE = new Set(["RW", "WW", "RS", "SW", "SS", "SK", "5C"]);
const SPIRIT = new Set(["WS", "VO", "RU", "TQ", "GN", "SP", "CO", "MT", "IR"]);
const DRINK_IN_CANS = new Set(["BE", "HS", "MX", "LR"]);

/** Which silhouette fits a product, from its tags, pack size and container. */
export function silhouetteFor(p: ProductArt): Silhouette {
  const has = (set: Set<string>) => p.tags.some((t) => set.has(t));
  if ((p.tags.includes("GFS") || p.tags.includes("GW")) && !has(SPIRIT) && !has(WINE)) return "gift";
  if (p.tags.some((t) => ["TB", "NP", "VP", "SEX"].includes(t))) return "box";
  if (p.tags.includes("SN")) return /ice cream/i.test(p.title) ? "tub" : "bag";
  if (p.packageQty > 1 && (has(DRINK_IN_CANS) || (p.volumeMl ?? 0) <= 200)) return "pack";
  if (has(WINE)) return "wine";
  if (has(DRINK_IN_CANS)) {
    if (
      /\bcan\b/i.test(p.title) ||
      p.tags.includes("HS") ||
      (p.tags.includes("MX") && (p.volumeMl ?? 0) < 500)
    ) {
      return "can";
    }
    return p.tags.includes("MX") ? "spirit" : "beer";
  }
  return "spirit";
}

/** Up to three initials of a brand ("Maker's Mark" → "MM", "Jack Daniel's" → "JD", "1800" → "18"). */
export function initials(name: string): string {
  const words = name
    .replace(/['’.]/g, "")
    .split(/[\s&/-]+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w) && !/^(of|the|and|de|la|le|y)$/i.test(w));
  if (words.length === 0) return "?";
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return words
    .slice(0, 3)
    .map((w) => w[0])
    .join("")
    .toUpperCase();
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const truncate = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** A pleasant colour pair from any text: a deep body colour and a light label colour of the same hue. */
export function palette(seed: string) {
  const hash = stableHash(seed);
  const hue = hash % 360;
  const sat = 35 + (Math.floor(hash / 360) % 30);
  return {
    body: `hsl(${hue} ${sat}% 32%)`,
    dark: `hsl(${hue} ${sat}% 20%)`,
    label: `hsl(${(hue + 30) % 360} 45% 93%)`,
    accent: `hsl(${(hue + 180) % 360} 55% 55%)`,
    backdrop: `hsl(${hue} 30% 96%)`,
  };
}

type Colors = ReturnType<typeof palette>;

/** Silhouette shapes drawn on a 240×240 canvas; each returns [shape, label centre y]. */
const SHAPES: Record<Silhouette, (c: Colors) => [string, number]> = {
  wine: (c) => [
    `<path d="M108 22h24v58c0 10 22 20 22 46v94a8 8 0 0 1-8 8h-52a8 8 0 0 1-8-8v-94c0-26 22-36 22-46z" fill="${c.body}"/>` +
      `<rect x="106" y="18" width="28" height="14" rx="3" fill="${c.dark}"/>` +
      `<rect x="92" y="140" width="56" height="54" rx="4" fill="${c.label}"/>`,
    167,
  ],
  spirit: (c) => [
    `<rect x="106" y="20" width="28" height="22" rx="4" fill="${c.dark}"/>` +
      `<path d="M110 42h20v16c0 8 36 12 36 34v128a8 8 0 0 1-8 8h-76a8 8 0 0 1-8-8V92c0-22 36-26 36-34z" fill="${c.body}"/>` +
      `<rect x="84" y="118" width="72" height="72" rx="6" fill="${c.label}"/>`,
    154,
  ],
  beer: (c) => [
    `<rect x="110" y="24" width="20" height="12" rx="2" fill="${c.dark}"/>` +
      `<path d="M112 36h16v40c0 10 20 18 20 38v110a6 6 0 0 1-6 6h-44a6 6 0 0 1-6-6V114c0-20 20-28 20-38z" fill="${c.body}"/>` +
      `<rect x="94" y="142" width="52" height="56" rx="4" fill="${c.label}"/>`,
    170,
  ],
  can: (c) => [
    `<rect x="80" y="36" width="80" height="176" rx="12" fill="${c.body}"/>` +
      `<rect x="86" y="30" width="68" height="12" rx="5" fill="${c.dark}"/>` +
      `<rect x="80" y="96" width="80" height="72" fill="${c.label}"/>`,
    132,
  ],
  pack: (c) => [
    [0, 1, 2]
      .map((i) => `<rect x="${62 + i * 40}" y="44" width="36" height="60" rx="8" fill="${c.dark}"/>`)
      .join("") +
      `<path d="M48 92h144v120a8 8 0 0 1-8 8H56a8 8 0 0 1-8-8z" fill="${c.body}"/>` +
      `<path d="M96 92v-20a24 24 0 0 1 48 0v20" fill="none" stroke="${c.dark}" stroke-width="8"/>` +
      `<rect x="64" y="120" width="112" height="72" rx="6" fill="${c.label}"/>`,
    156,
  ],
  bag: (c) => [
    `<path d="M62 40l8 10 8-10 8 10 8-10 8 10 8-10 8 10 8-10 8 10 8-10 8 10 8-10 8 10 8-10 8 10 v160l-8-10-8 10-8-10-8 10-8-10-8 10-8-10-8 10-8-10-8 10-8-10-8 10-8-10-8 10-8-10z" fill="${c.body}"/>` +
      `<ellipse cx="120" cy="128" rx="48" ry="40" fill="${c.label}"/>`,
    128,
  ],
  box: (c) => [
    `<rect x="66" y="40" width="108" height="168" rx="6" fill="${c.body}"/>` +
      `<rect x="66" y="40" width="108" height="34" rx="6" fill="${c.dark}"/>` +
      `<rect x="78" y="96" width="84" height="76" rx="4" fill="${c.label}"/>`,
    134,
  ],
  gift: (c) => [
    `<rect x="50" y="92" width="140" height="120" rx="6" fill="${c.body}"/>` +
      `<rect x="42" y="72" width="156" height="30" rx="5" fill="${c.dark}"/>` +
      `<rect x="110" y="72" width="20" height="140" fill="${c.accent}"/>` +
      `<path d="M120 72c-30-30-52-8-30 0zM120 72c30-30 52-8 30 0z" fill="none" stroke="${c.accent}" stroke-width="8"/>` +
      `<rect x="84" y="132" width="72" height="44" rx="4" fill="${c.label}"/>`,
    154,
  ],
  tub: (c) => [
    `<path d="M62 70h116l-12 140a8 8 0 0 1-8 7H82a8 8 0 0 1-8-7z" fill="${c.body}"/>` +
      `<rect x="56" y="52" width="128" height="24" rx="8" fill="${c.dark}"/>` +
      `<ellipse cx="120" cy="140" rx="40" ry="32" fill="${c.label}"/>`,
    140,
  ],
};

function svgDocument(title: string, backdrop: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img">` +
    `<title>${escapeXml(title)}</title><rect width="240" height="240" fill="${backdrop}"/>${body}</svg>`
  );
}

const FONT = `font-family="Helvetica,Arial,sans-serif" text-anchor="middle"`;

export function productSvg(p: ProductArt): string {
  const brand = p.brand ?? p.title;
  const colors = palette(brand);
  const shape = silhouetteFor(p);
  const [drawing, labelY] = SHAPES[shape](colors);
  const mark = escapeXml(initials(brand));
  const size = p.volumeLabel ? escapeXml(truncate(p.volumeLabel, 14)) : "";
  // Drawn at 90% so the lines below never touch the silhouette. The size goes under the brand, not in a corner: a
  // card's heart covers the top right, an engravable bottle's badge the top left.
  const body =
    `<g transform="translate(12 4) scale(0.9)">${drawing}` +
    `<text x="120" y="${labelY + 9}" ${FONT} font-size="28" font-weight="700" fill="${colors.dark}">${mark}</text></g>` +
    `<text x="120" y="${size ? 223 : 236}" ${FONT} font-size="11" fill="${colors.dark}">${escapeXml(truncate(brand, 30))}</text>` +
    (size ? `<text x="120" y="236" ${FONT} font-size="10" fill="${colors.dark}">${size}</text>` : "");
  return svgDocument(p.title, colors.backdrop, body);
}

export interface CategoryArt {
  urlName: string;
  name: string;
  tags: readonly string[];
}

/** Category icons reuse the product silhouettes: a wine bottle for wine, a pack for beer, and so on. */
export function categorySvg(c: CategoryArt): string {
  const colors = palette(c.urlName);
  const shape = silhouetteFor({
    title: c.name,
    brand: null,
    tags: c.tags,
    volumeLabel: null,
    volumeMl: c.tags.includes("BE") || c.tags.includes("LR") ? 355 : null,
    packageQty: c.tags.includes("BE") || c.tags.includes("LR") ? 6 : 1,
  });
  const [drawing] = SHAPES[shape](colors);
  const body =
    `<circle cx="120" cy="120" r="112" fill="${colors.label}"/>` +
    `<g transform="translate(24 8) scale(0.8)">${drawing}</g>` +
    `<text x="120" y="228" ${FONT} font-size="16" font-weight="700" fill="${colors.dark}">${escapeXml(truncate(c.name, 22))}</text>`;
  return svgDocument(c.name, colors.backdrop, body);
}
