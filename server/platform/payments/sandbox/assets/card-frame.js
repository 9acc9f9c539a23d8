// The sandbox provider's card page, framed by checkout. The card number is typed here and sent only to the
// provider's token endpoint; the page around it receives a token (postMessage to the same origin).
(() => {
  const form = document.getElementById("card");
  const number = document.getElementById("number");
  const expiry = document.getElementById("expiry");
  const cvc = document.getElementById("cvc");
  const error = document.getElementById("error");
  const parentOrigin = window.location.origin;

  const post = (message) =>
    window.parent.postMessage({ source: "nightcap-sandbox", ...message }, parentOrigin);
  const digits = (value) => value.replace(/\D/g, "");

  const brandOf = (d) =>
    /^3[47]/.test(d)
      ? "amex"
      : /^4/.test(d)
        ? "visa"
        : /^(5[1-5]|2[2-7])/.test(d)
          ? "mastercard"
          : /^6/.test(d)
            ? "discover"
            : "unknown";

  function formatNumber() {
    const d = digits(number.value).slice(0, 19);
    const groups = brandOf(d) === "amex" ? [4, 6, 5] : [4, 4, 4, 4, 3];
    const parts = [];
    let at = 0;
    for (const size of groups) {
      if (at >= d.length) break;
      parts.push(d.slice(at, at + size));
      at += size;
    }
    number.value = parts.join(" ");
  }

  function formatExpiry() {
    const d = digits(expiry.value).slice(0, 4);
    expiry.value = d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
  }

  function state() {
    const n = digits(number.value);
    const e = digits(expiry.value);
    const c = digits(cvc.value);
    const complete = n.length >= 13 && e.length === 4 && c.length >= 3;
    return {
      complete,
      brand: brandOf(n),
      number: n,
      expMonth: Number(e.slice(0, 2)),
      expYear: Number(e.slice(2)),
      cvc: c,
    };
  }

  function showError(message, field) {
    error.textContent = message || "";
    for (const input of [number, expiry, cvc]) input.setAttribute("aria-invalid", String(input === field));
  }

  for (const [input, format] of [
    [number, formatNumber],
    [expiry, formatExpiry],
    [cvc, null],
  ]) {
    input.addEventListener("input", () => {
      if (format) format();
      showError("");
      const s = state();
      post({ type: "change", complete: s.complete, brand: s.brand });
    });
  }

  async function tokenize() {
    const s = state();
    const res = await fetch("/sandbox-pay/v1/tokens", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ number: s.number, exp_month: s.expMonth, exp_year: s.expYear, cvc: s.cvc }),
    }).catch(() => null);
    if (!res) return { type: "error", message: "We could not reach the card provider. Please try again." };
    const body = await res.json().catch(() => ({}));
    if (!res.ok) {
      const message = body.error?.message || "Your card could not be saved.";
      const field = { invalid_number: number, invalid_expiry: expiry, invalid_cvc: cvc }[body.error?.code];
      showError(message, field);
      return { type: "error", message };
    }
    return { type: "token", token: body.id, card: body.card };
  }

  window.addEventListener("message", async (event) => {
    if (event.origin !== parentOrigin || event.source !== window.parent) return;
    const message = event.data || {};
    if (message.type === "tokenize") post({ ...(await tokenize()), request: message.request });
    if (message.type === "reset") {
      form.reset();
      showError("");
    }
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  post({ type: "ready" });
})();
