/**
 * Clicks on the painted page before its scripts run (docs/adr/0047-early-clicks.md). A page paints before its
 * scripts load (ADR 43); a button that needs them ("Add to cart", a heart, the address chip) would do nothing when
 * pressed in that moment. This script, inline at the top of every document, holds such clicks; once the page has
 * hydrated and its personal parts are in, `replayEarlyClicks` presses each held button again, once.
 *
 * Held: a `<button>` that does not submit a form (a form's submit button and every link work without scripts and
 * are left to the browser). A button pressed twice while waiting is pressed once: the shopper pressed again only
 * because nothing happened. Written small: every document carries it, and a product page must fit lantern's first
 * 14.6 kB round trip (docs/adr/0045-critical-css.md).
 */
export const EARLY_CLICKS_SCRIPT = `var __ncEarly=[];addEventListener("click",function(e){var b=!__ncEarly.done&&e.target.closest&&e.target.closest("button");if(b&&!(b.form&&b.type=="submit")){e.preventDefault();e.stopImmediatePropagation();__ncEarly.indexOf(b)<0&&__ncEarly.push(b)}},!0)`;

/** The buttons the inline script held; `done` once they were pressed again (from then on it holds nothing). */
type Held = HTMLButtonElement[] & { done?: boolean };

/** Stops holding clicks and presses the buttons held so far that are still on the page (once per document). */
export function replayEarlyClicks(): number {
  if (typeof window === "undefined") return 0;
  const held = (window as unknown as { __ncEarly?: Held }).__ncEarly;
  if (!held || held.done) return 0;
  held.done = true;
  let pressed = 0;
  for (const button of held.splice(0)) {
    if (!button.isConnected || button.disabled) continue;
    button.click();
    pressed += 1;
  }
  return pressed;
}
