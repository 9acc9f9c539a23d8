/** Text made safe to place in HTML or XML, inside elements and quoted attributes alike. */
export const escapeMarkup = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
