import fs from "node:fs";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
import { ProviderError } from "../provider.ts";
import { CHALLENGE_CSS, cardFramePage, challengePage } from "./pages.ts";
import { SANDBOX_BASE, type SandboxProvider } from "./sandbox-provider.ts";

const asset = (name: string) => fs.readFileSync(new URL(`./assets/${name}`, import.meta.url), "utf8");
const CARD_JS = asset("card-frame.js");
const CARD_CSS = asset("card-frame.css");

/** The provider's pages may be framed by the store's own pages (the card page) and load only their own files. */
const PROVIDER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'; object-src 'none'";

const tokenBody = z.object({
  number: z.string().regex(/^\d{1,19}$/),
  exp_month: z.number().int().min(0).max(99),
  exp_year: z.number().int().min(0).max(9999),
  cvc: z.string().regex(/^\d{0,4}$/),
});

const walletTokenBody = z.object({
  wallet: z.enum(["applePay", "googlePay"]),
  network: z.string().max(40),
  last4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  token: z.string().min(1).max(20_000),
});

function providerPage(reply: FastifyReply, type: string, body: string) {
  return (
    reply
      .header("content-security-policy", PROVIDER_CSP)
      .header("x-frame-options", "SAMEORIGIN")
      // Its challenge form posts to itself: with no referrer at all, the browser would send "Origin: null".
      .header("referrer-policy", "same-origin")
      .header("cache-control", "no-store")
      .type(type)
      .send(body)
  );
}

/**
 * The sandbox provider's own HTTP side, as a real provider's would be on its own host: the card page checkout
 * frames, its token endpoint (the only place a card number is sent), and the 3-D Secure challenge. Not part of
 * the store's API, so not in its OpenAPI document.
 */
export const sandboxRoutes: FastifyPluginAsync<{ sandbox: SandboxProvider }> = async (app, { sandbox }) => {
  const hide = { hide: true };
  app.get(`${SANDBOX_BASE}/elements/card`, { schema: hide }, async (_req, reply) =>
    providerPage(reply, "text/html; charset=utf-8", cardFramePage(SANDBOX_BASE)),
  );
  app.get(`${SANDBOX_BASE}/elements/card.js`, { schema: hide }, async (_req, reply) =>
    providerPage(reply, "text/javascript; charset=utf-8", CARD_JS),
  );
  app.get(`${SANDBOX_BASE}/elements/card.css`, { schema: hide }, async (_req, reply) =>
    providerPage(reply, "text/css; charset=utf-8", CARD_CSS),
  );
  app.get(`${SANDBOX_BASE}/elements/challenge.css`, { schema: hide }, async (_req, reply) =>
    providerPage(reply, "text/css; charset=utf-8", CHALLENGE_CSS),
  );

  app.post(`${SANDBOX_BASE}/v1/tokens`, { schema: hide, config: { csrf: false } }, async (req, reply) => {
    const parsed = tokenBody.safeParse(req.body);
    if (!parsed.success)
      return reply
        .code(400)
        .send({ error: { code: "invalid_number", message: "Your card number is incomplete." } });
    try {
      const { id, card } = await sandbox.createToken({
        number: parsed.data.number,
        expMonth: parsed.data.exp_month,
        expYear: parsed.data.exp_year,
        cvc: parsed.data.cvc,
      });
      return reply.header("cache-control", "no-store").send({
        id,
        card: {
          brand: card.brand,
          last4: card.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear,
          country: card.country,
        },
      });
    } catch (err) {
      if (err instanceof ProviderError)
        return reply.code(402).send({ error: { code: err.code, message: err.message } });
      throw err;
    }
  });

  // What a wallet handed the storefront (its payment token and the card's network and last four) becomes a token.
  app.post(
    `${SANDBOX_BASE}/v1/wallet-tokens`,
    { schema: hide, config: { csrf: false } },
    async (req, reply) => {
      const parsed = walletTokenBody.safeParse(req.body);
      if (!parsed.success)
        return reply.code(400).send({
          error: { code: "invalid_wallet_payment", message: "The wallet's payment could not be read." },
        });
      const { id } = await sandbox.createWalletToken(parsed.data);
      return reply.header("cache-control", "no-store").send({ id });
    },
  );

  app.post(
    `${SANDBOX_BASE}/v1/apple-pay/sessions`,
    { schema: hide, config: { csrf: false } },
    async (req, reply) =>
      reply.header("cache-control", "no-store").send(sandbox.merchantSession(req.hostname)),
  );

  app.get<{ Params: { id: string } }>(`${SANDBOX_BASE}/3ds/:id`, { schema: hide }, async (req, reply) => {
    const intent = await sandbox.challenge(req.params.id);
    if (!intent) return reply.code(404).type("text/plain").send("No such payment.");
    if (intent.status !== "requires_action")
      return reply.code(409).type("text/plain").send("This payment needs no verification.");
    return providerPage(reply, "text/html; charset=utf-8", challengePage(SANDBOX_BASE, intent));
  });

  await app.register(async (forms) => {
    forms.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    forms.post<{ Params: { id: string }; Body: { outcome?: string } }>(
      `${SANDBOX_BASE}/3ds/:id`,
      { schema: hide, config: { csrf: false } },
      async (req, reply) => {
        const intent = await sandbox.challenge(req.params.id);
        if (!intent) return reply.code(404).type("text/plain").send("No such payment.");
        const back = await sandbox.answerChallenge(req.params.id, req.body?.outcome === "pass");
        return reply.redirect(back, 303);
      },
    );
  });
};
