/**
 * Registers merchants for direct sign-on (/sos) — the admin command until the store console takes it over.
 *
 *   npm run merchants -- list
 *   npm run merchants -- register --id acme-liquors --name "Acme Liquors" --redirect https://acme.example/sos/return
 *
 * `register` creates the merchant or replaces its name and return addresses (repeat --redirect for several). It
 * works on the configured database (DATABASE_URL, else the embedded one under DATA_DIR: stop the store first,
 * the embedded database takes one process at a time).
 */
import { parseArgs } from "node:util";
import { listMerchants, registerMerchant } from "../server/modules/accounts/index.ts";
import { runAdminCommand, withStoreDb } from "./admin-command.ts";

const USAGE = `Usage:
  npm run merchants -- list
  npm run merchants -- register --id <id> --name <name> --redirect <url> [--redirect <url>…]`;

/** The command on `argv` (its arguments): the process's exit code, what it says written to the console. */
export async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      id: { type: "string" },
      name: { type: "string" },
      redirect: { type: "string", multiple: true },
    },
  });
  const command = positionals[0];
  if (command !== "list" && command !== "register") {
    console.error(USAGE);
    return 2;
  }
  if (command === "register" && (!values.id || !values.name || !values.redirect?.length)) {
    console.error(`register needs --id, --name and at least one --redirect.\n${USAGE}`);
    return 2;
  }
  return withStoreDb("merchants", async (db) => {
    if (command === "register") {
      const merchant = await registerMerchant(db, {
        id: values.id!,
        name: values.name!,
        redirectUrls: values.redirect!,
      });
      console.log(`Registered ${merchant.id} (${merchant.name}): ${merchant.redirect_urls.join(", ")}`);
      console.log(`Its shoppers sign on at /sos?merchant_id=${merchant.id}`);
    } else {
      const merchants = await listMerchants(db);
      if (merchants.length === 0) console.log("No merchants registered.");
      for (const m of merchants) console.log(`${m.id}\t${m.name}\t${m.redirect_urls.join(", ")}`);
    }
    return 0;
  });
}

runAdminCommand("merchants", main, import.meta.url);
