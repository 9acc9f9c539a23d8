import { useEffect, useRef } from "react";

/**
 * Focus in the storefront's drawers and dialogs, one implementation for all of them: what opened one gets focus back
 * when it closes (by Escape, its close button, the backdrop or the page), Tab and Shift+Tab go round inside it instead
 * of leaving for the page behind or the browser's own controls, and nothing else moves focus while it is open.
 */

const FOCUSABLE =
  'a[href], area[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, [tabindex], [contenteditable]:not([contenteditable="false"])';

/** The elements Tab stops at inside `container`, in document order. */
export function tabStops(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest("[inert]")) return false;
    if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === "hidden") return false;
    // One stop per radio group: its checked radio, else its first.
    if (el instanceof HTMLInputElement && el.type === "radio" && el.name) {
      const group = [...container.querySelectorAll<HTMLInputElement>(`input[type="radio"]`)].filter(
        (r) => r.name === el.name && r.form === el.form,
      );
      return el.checked || (!group.some((r) => r.checked) && group[0] === el);
    }
    return true;
  });
}

/** Tab past the last stop goes to the first, Shift+Tab before the first to the last: focus stays in `container`. */
export function keepTabInside(
  event: KeyboardEvent | React.KeyboardEvent,
  container: HTMLElement | null,
): void {
  if (!container || event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
  const stops = tabStops(container);
  const active = document.activeElement;
  if (stops.length === 0) {
    event.preventDefault();
    return;
  }
  const first = stops[0];
  const last = stops[stops.length - 1];
  const inside = active instanceof Node && container.contains(active) && active !== container;
  if (event.shiftKey ? !inside || active === first : !inside || active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/** What has focus now, if it is something focus can go back to. */
function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Where each open dialog gives focus back: what opened it, then what opened the dialog that held that. */
const returnTargets = new WeakMap<HTMLElement, HTMLElement[]>();

/** What to give focus back to, in order, when a container opened now closes. */
function openersNow(): HTMLElement[] {
  const opener = focusedElement();
  if (!opener) return [];
  const holder = opener.closest("dialog");
  return [opener, ...((holder && returnTargets.get(holder)) ?? [])];
}

/**
 * Gives focus back to the first of `openers` still on the page once `container` has closed, unless focus has since
 * gone somewhere of the shopper's choosing (outside the container, not the page body).
 */
export function returnFocus(openers: HTMLElement[], container: HTMLElement | null): void {
  const active = document.activeElement;
  const lost = !active || active === document.body || (container?.contains(active) ?? false);
  if (lost) openers.find((el) => el.isConnected)?.focus({ preventScroll: true });
}

/**
 * For a panel that is not a <dialog> (the listing's filter sheet on phones), open now: Tab stays inside the
 * container until the answered function is called; then focus goes back to the first of `openers` still on the page
 * (what had it when the panel opened), unless the shopper has put it elsewhere.
 */
export function trapFocus(container: () => HTMLElement | null, openers: HTMLElement[]): () => void {
  const onKey = (event: KeyboardEvent) => keepTabInside(event, container());
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("keydown", onKey);
    const panel = container();
    // After the close has rendered: the panel may hide what had focus inside it.
    requestAnimationFrame(() => returnFocus(openers, panel));
  };
}

/** `trapFocus` while `open`, with what had focus as it opened. */
export function useFocusTrap(open: boolean, container: React.RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    return trapFocus(() => container.current, openersNow());
  }, [open, container]);
}

/**
 * A native <dialog> shown as a modal while `open` (the page behind is inert): its ref and the handlers that close it
 * on Escape, on a click on the backdrop, and when the browser closes it; Tab goes round inside it, and focus goes back
 * to what opened it when it closes or leaves the page. Spread the result on the <dialog>.
 */
export function useModalDialog(
  open: boolean,
  onClose: () => void,
  /**
   * What has focus as it opens: this, else the element in it marked `data-autofocus` (React's autoFocus runs before
   * the dialog shows, too early), else the browser's choice (the first thing in it that takes focus).
   */
  initialFocus?: React.RefObject<HTMLElement | null>,
) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // The close event of a close() of ours comes a task later, maybe after the shopper has opened it again: not theirs.
  const closedByUs = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: opens and closes with `open` only
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const openers = openersNow();
    returnTargets.set(dialog, openers);
    if (!dialog.open) dialog.showModal();
    (initialFocus?.current ?? dialog.querySelector<HTMLElement>("[data-autofocus]"))?.focus();
    return () => {
      if (dialog.open) {
        closedByUs.current = true;
        dialog.close();
      }
      returnFocus(openers, dialog);
    };
  }, [open]);

  return {
    ref,
    // The browser closed it (a close request it did not let the page cancel, a form of method "dialog").
    onClose: () => {
      if (closedByUs.current) closedByUs.current = false;
      else close.current();
    },
    onCancel: (event: React.SyntheticEvent<HTMLDialogElement>) => {
      // Escape: the page's state closes it, so it never stays open in one and closed in the other.
      event.preventDefault();
      close.current();
    },
    onClick: (event: React.MouseEvent<HTMLDialogElement>) => {
      // A click on the backdrop reaches the dialog itself, outside its box (its own padding is not the backdrop).
      const dialog = ref.current;
      if (event.target !== dialog || !dialog) return;
      const box = dialog.getBoundingClientRect();
      const { clientX: x, clientY: y } = event;
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) close.current();
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLDialogElement>) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        close.current();
      } else keepTabInside(event, ref.current);
    },
  };
}
