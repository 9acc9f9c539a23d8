/**
 * Where a shopper whose ID check is locked can turn (part of SCANNER_COPY): a module of its own, so that checkout's
 * age section does not load the scanner's words with it (they come with the scanner: issue 35 §3).
 */
export const SUPPORT_COPY = {
  supportLead: "Think this is a mistake?",
  supportLink: "Contact us",
  supportTail:
    "by chat or email and our support team will review your ID check. If it was wrong, they clear it and you can scan again.",
} as const;
