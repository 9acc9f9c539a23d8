/**
 * Messages built from names: one full stop at the end of a sentence, even when the name before it ends in its own
 * ("Add $5 more to reach the minimum at Williamsburg Bottle Co.", not "…Co.."). Every message that puts a full stop
 * straight after a store's (or any) name is written as a `prose` template: a "." that follows a value already ending
 * in one is dropped; nothing else changes.
 */
export function prose(strings: TemplateStringsArray, ...values: unknown[]): string {
  let out = strings[0];
  values.forEach((value, i) => {
    const text = String(value);
    const next = strings[i + 1];
    out += text + (text.endsWith(".") && next.startsWith(".") ? next.slice(1) : next);
  });
  return out;
}
