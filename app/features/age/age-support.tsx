import { Link } from "react-router";
import { SUPPORT_COPY } from "./support-copy.ts";

/**
 * Where a shopper refused by an ID check turns (docs/adr/0051-console-safeguards.md): an under-age refusal locks
 * the ID check for a year, and a new scan cannot lift it; support can review it and an administrator clear it.
 */
export function AgeSupportContact() {
  return (
    <p className="age-check__support" data-testid="age-support">
      {SUPPORT_COPY.supportLead} <Link to="/contact-us">{SUPPORT_COPY.supportLink}</Link>{" "}
      {SUPPORT_COPY.supportTail}
    </p>
  );
}
