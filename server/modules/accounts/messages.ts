import type { OutgoingMessage } from "../messages/index.ts";

/** The texts of every email and SMS the accounts module sends (through the outbox). */
const MINUTES = "10 minutes";

export function loginCodeMessage(channel: "email" | "sms", recipient: string, code: string): OutgoingMessage {
  if (channel === "sms") {
    return {
      channel,
      recipient,
      template: "login-code",
      body: `${code} is your Nightcap code. It expires in ${MINUTES}.`,
    };
  }
  return {
    channel,
    recipient,
    template: "login-code",
    subject: `Your Nightcap code: ${code}`,
    body: `Your Nightcap login code is ${code}. It expires in ${MINUTES} and works once.\n\nIf you did not ask for it, you can ignore this email: nobody can log in without the code.`,
  };
}

export function signupCodeMessage(recipient: string, code: string): OutgoingMessage {
  return {
    channel: "email",
    recipient,
    template: "signup-code",
    subject: `Your Nightcap code: ${code}`,
    body: `Welcome to Nightcap! Your code to finish signing up is ${code}. It expires in ${MINUTES}.\n\nIf you did not sign up, you can ignore this email.`,
  };
}

/** Signup with an email that already has an account: the owner hears about it, the stranger learns nothing. */
export function signupExistingMessage(recipient: string, code: string, origin: string): OutgoingMessage {
  return {
    channel: "email",
    recipient,
    template: "signup-existing",
    subject: "You already have a Nightcap account",
    body: `Someone (hopefully you) tried to sign up for Nightcap with this email, but it already has an account.\n\nTo log in, enter the code ${code} (it expires in ${MINUTES}), or reset your password at ${origin}/forgot-password.\n\nIf it was not you, you can ignore this email: your account has not changed.`,
  };
}

export function loginUnknownMessage(recipient: string, origin: string): OutgoingMessage {
  return {
    channel: "email",
    recipient,
    template: "login-unknown",
    subject: "Your Nightcap login",
    body: `Someone asked for a Nightcap login code for this email, but no account uses it.\n\nIf it was you, you can sign up at ${origin}/signup. Otherwise you can ignore this email.`,
  };
}

export function passwordResetMessage(recipient: string, link: string): OutgoingMessage {
  return {
    channel: "email",
    recipient,
    template: "password-reset",
    subject: "Reset your Nightcap password",
    body: `Reset your Nightcap password here:\n${link}\n\nThe link works once, within 30 minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
  };
}

export function passwordResetUnknownMessage(recipient: string, origin: string): OutgoingMessage {
  return {
    channel: "email",
    recipient,
    template: "password-reset-unknown",
    subject: "Reset your Nightcap password",
    body: `Someone asked to reset the Nightcap password for this email, but no account uses it.\n\nIf it was you, you can sign up at ${origin}/signup. Otherwise you can ignore this email.`,
  };
}

export function pinMessage(channel: "email" | "sms", recipient: string, pin: string): OutgoingMessage {
  const body = `${pin} is your Nightcap PIN. It expires in ${MINUTES}.`;
  return channel === "sms"
    ? { channel, recipient, template: "customer-pin", body }
    : { channel, recipient, template: "customer-pin", subject: "Your Nightcap PIN", body };
}

export const smsRecipient = (countryCode: string | null, mobile: string) => `${countryCode ?? "+1"}${mobile}`;
