import { httpFailureIsPermanent } from "#domain/messages/delivery.ts";
import { DeliveryError, type Transport } from "./transport.ts";

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or messaging service sid. */
  from: string;
  /** https://api.twilio.com, or a stand-in speaking the same API. */
  apiUrl: string;
}

const TIMEOUT_MS = 15_000;

/** Texts through Twilio's Messages API (or any provider speaking it): one form-encoded POST per message. */
export function twilioTransport(settings: TwilioSettings): Transport {
  const endpoint = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`,
    settings.apiUrl,
  );
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async send(message) {
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ To: message.recipient, From: settings.from, Body: message.body }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw new DeliveryError(`SMS provider unreachable: ${(err as Error).message}`, false);
      }
      const answer = (await res.json().catch(() => ({}))) as {
        sid?: string;
        message?: string;
        code?: number;
      };
      if (!res.ok) {
        const detail = answer.message
          ? `${answer.message}${answer.code ? ` (${answer.code})` : ""}`
          : res.statusText;
        throw new DeliveryError(
          `SMS provider answered ${res.status}: ${detail}`,
          httpFailureIsPermanent(res.status),
        );
      }
      return { providerMessageId: answer.sid ?? null };
    },
  };
}
