/**
 * What a shopper typed or chose on the painted page before its scripts ran (docs/adr/0049-early-inputs.md). React 19
 * leaves such a value in the field as it hydrates, but the component's state still holds the server's, and the
 * field's next render puts that back (a chosen delivery time, a search half typed). Once the page has hydrated, each
 * field whose value differs from the one the server wrote is changed again the way React listens for: its value
 * tracking is told the server's value, the field gets the shopper's, and the event React's `onChange` follows is
 * dispatched. No bytes in the document: the browser kept the values; this only tells React.
 */
const TEXT_LIKE = /^(text|search|email|tel|url|password|number|date|time|datetime-local|month|week)$/;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Hands every field changed before hydration to its component; answers how many there were. */
export function replayEarlyInputs(root: ParentNode = document): number {
  let replayed = 0;
  for (const field of root.querySelectorAll<Field>("input, textarea, select")) {
    if (field.disabled) continue;
    if (field instanceof HTMLSelectElement) {
      if (field.multiple || field.selectedIndex === defaultIndex(field)) continue;
      // React follows a select's change event itself, without tracking its value.
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if (field.checked === field.defaultChecked) continue;
      // Tracked as the server's state, then pressed: React's onChange follows the click.
      field.checked = field.defaultChecked;
      field.click();
    } else if (field instanceof HTMLTextAreaElement || TEXT_LIKE.test(field.type)) {
      if (field.value === field.defaultValue) continue;
      const typed = field.value;
      field.value = field.defaultValue; // through React's tracker, when the field has one
      nativeValueSetter(field)?.call(field, typed); // past it
      field.dispatchEvent(new Event("input", { bubbles: true }));
    } else continue;
    replayed += 1;
  }
  return replayed;
}

function defaultIndex(select: HTMLSelectElement): number {
  const index = Array.from(select.options).findIndex((o) => o.defaultSelected);
  return index >= 0 ? index : select.options.length > 0 ? 0 : -1;
}

function nativeValueSetter(field: HTMLInputElement | HTMLTextAreaElement) {
  const proto =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(proto, "value")?.set;
}
