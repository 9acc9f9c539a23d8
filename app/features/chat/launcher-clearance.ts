/**
 * Whether a floating control sits over the page's content (docs/adr/0054-storefront-review-fixes.md): text, an
 * image, a control or a link. A grid of points across its box is hit-tested beneath it; an element found there is
 * content when it is interactive or a picture, or when its own text's boxes reach into the control's box. Empty
 * space (a page's margins and gaps, the room kept for it at the end of each page) is not.
 */

const INTERACTIVE =
  'a[href], button, input, select, textarea, label, summary, iframe, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';
const PICTURE = "img, svg, video, canvas, picture, object";

/** Points per side of the grid: closer together than a line of text is tall on the smallest control. */
const STEP_PX = 10;

export function coversContent(control: HTMLElement): boolean {
  const box = control.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const xs = steps(box.left, box.right);
  const ys = steps(box.top, box.bottom);
  const seen = new Set<Element>();
  for (const y of ys) {
    for (const x of xs) {
      const under = document.elementsFromPoint(x, y).find((el) => el !== control && !control.contains(el));
      if (!under || seen.has(under)) continue;
      seen.add(under);
      if (isContent(under, box)) return true;
    }
  }
  return false;
}

function steps(from: number, to: number): number[] {
  const inset = 1;
  const count = Math.max(2, Math.ceil((to - from) / STEP_PX) + 1);
  return Array.from({ length: count }, (_, i) => from + inset + ((to - from - 2 * inset) * i) / (count - 1));
}

function isContent(el: Element, box: DOMRect): boolean {
  if (el === document.documentElement || el === document.body) return false;
  if (el.closest(INTERACTIVE) || el.closest(PICTURE)) return true;
  for (const node of el.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom) return true;
    }
  }
  return false;
}
