/**
 * Clicks on the painted page before its scripts run (docs/adr/0047-early-clicks.md). A page paints before its
 * scripts load (ADR 43); a button that needs them ("Add to cart", a heart, the address chip) would do nothing when
 * pressed in that moment. This script, inline at the top of every document, holds such clicks; once the page has
 * hydrated and its personal parts are in, `replayEarlyClicks` presses each held button again, once.
 *
 * Held: a `<button>` that does not submit a form (a form's submit button and every link work without scripts and
 * are left to the browser). A button pressed twice while waiting is pressed once: the shopper pressed again only
 * because nothing happened.
 */
export const EARLY_CLICKS_SCRIPT = `(function(){var held=[];function hold(e){var t=e.target,b=t&&t.closest&&t.closest("button");if(!b||b.disabled||(b.form&&b.type==="submit"))return;e.preventDefault();e.stopImmediatePropagation();if(held.indexOf(b)<0)held.push(b)}document.addEventListener("click",hold,true);window.__ncEarlyClicks=function(){document.removeEventListener("click",hold,true);return held}})()`;

type Release = () => HTMLButtonElement[];

/** Stops holding clicks and presses the buttons held so far that are still on the page (idempotent). */
export function replayEarlyClicks(): number {
  if (typeof window === "undefined") return 0;
  const release = (window as unknown as { __ncEarlyClicks?: Release }).__ncEarlyClicks;
  if (!release) return 0;
  delete (window as unknown as { __ncEarlyClicks?: Release }).__ncEarlyClicks;
  let pressed = 0;
  for (const button of release()) {
    if (!button.isConnected || button.disabled) continue;
    button.click();
    pressed += 1;
  }
  return pressed;
}
