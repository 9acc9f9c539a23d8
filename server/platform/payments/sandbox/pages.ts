import { escapeMarkup } from "#domain/markup.ts";
import { formatCents } from "#domain/money.ts";

/** The card page checkout frames: the provider's own document, script and style. */
export function cardFramePage(base: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details</title>
<link rel="stylesheet" href="${base}/elements/card.css">
</head>
<body>
<form id="card" novalidate>
  <label class="number">Card number<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required></label>
  <label>Expiry (MM / YY)<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required></label>
  <label>Security code<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4" required></label>
  <p id="error" class="error" role="alert"></p>
  <p class="hint">Sandbox: no real card is charged. Try 4242 4242 4242 4242, or 4000 0027 6000 3184 for 3-D Secure.</p>
</form>
<script src="${base}/elements/card.js"></script>
</body>
</html>`;
}

/** The bank's 3-D Secure challenge, as the sandbox plays it: pass or fail. */
export function challengePage(
  base: string,
  intent: { id: string; amount: number; brand: string; last4: string; description: string },
): string {
  const action = `${base}/3ds/${encodeURIComponent(intent.id)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verify your payment</title>
<link rel="stylesheet" href="${base}/elements/challenge.css">
</head>
<body>
<main>
  <p class="bank">Sandbox Bank · 3-D Secure</p>
  <h1>Verify your payment</h1>
  <p>${escapeMarkup(intent.description)}: <strong>${formatCents(intent.amount, true)}</strong> on your ${escapeMarkup(intent.brand)} card ending ${escapeMarkup(intent.last4)}.</p>
  <p>Your bank asks you to confirm it is you. In the sandbox, choose the outcome.</p>
  <form method="post" action="${action}">
    <button type="submit" name="outcome" value="pass" class="primary">Complete authentication</button>
    <button type="submit" name="outcome" value="fail">Fail authentication</button>
  </form>
</main>
</body>
</html>`;
}

export const CHALLENGE_CSS = `* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c1b22; background: #f4f3f7; }
main { max-width: 28rem; margin: 10vh auto; padding: 24px; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgb(0 0 0 / 0.08); }
.bank { margin: 0; color: #6a6777; font-size: 14px; font-weight: 600; }
h1 { font-size: 22px; margin: 8px 0 12px; }
form { display: grid; gap: 8px; margin-top: 20px; }
button { min-height: 48px; font: inherit; font-weight: 600; border-radius: 24px; border: 1px solid #c9c6d3; background: #fff; cursor: pointer; }
button.primary { background: #1c1b22; color: #fff; border-color: #1c1b22; }`;
