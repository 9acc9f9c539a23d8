/**
 * Draws the PDF417 barcode of a made-up US driving licence, to try the ID scanner on the embedded default without a
 * real card: `node --import tsx scripts/licence-png.ts --first Casey --last Buyer --born 1990-05-17 > licence.png`.
 * Options: --first, --last, --born (YYYY-MM-DD), --expires (YYYY-MM-DD, default four years on), --state (IL).
 */
import { parseArgs } from "node:util";
import { aamvaText, licenceBarcodePng } from "../tests/factories/licences.ts";

const { values } = parseArgs({
  options: {
    first: { type: "string" },
    last: { type: "string" },
    born: { type: "string" },
    expires: { type: "string" },
    state: { type: "string", default: "IL" },
  },
});
const iso = /^\d{4}-\d{2}-\d{2}$/;
if (!values.first || !values.last || !values.born || !iso.test(values.born)) {
  process.stderr.write(
    "Usage: licence-png.ts --first NAME --last NAME --born YYYY-MM-DD [--expires YYYY-MM-DD]\n",
  );
  process.exit(2);
}
const fourYearsOn = `${new Date().getUTCFullYear() + 4}-01-31`;
const expiry = values.expires && iso.test(values.expires) ? values.expires : fourYearsOn;
const png = await licenceBarcodePng(
  aamvaText({
    firstName: values.first,
    lastName: values.last,
    dateOfBirth: values.born,
    expiry,
    documentNumber: `D${Date.now().toString().slice(-9)}`,
    jurisdiction: values.state ?? "IL",
  }),
);
process.stdout.write(png);
