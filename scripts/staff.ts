/**
 * Store staff and administrators for the store console (/console) — the admin command until the console manages
 * staff itself.
 *
 *   npm run staff -- list
 *   npm run staff -- add --email ana@example.com --store st_nyc-west-village
 *   npm run staff -- add --email boss@example.com --admin [--store …]
 *   npm run staff -- remove --email ana@example.com
 *
 * `add` makes an existing account staff of the store (its password unchanged), or creates the account and prints
 * its generated password once. `remove` makes it a shopper's account again. It works on the configured database
 * (DATABASE_URL, else the embedded one under DATA_DIR: stop the store first, the embedded database takes one
 * process at a time).
 */
import { parseArgs } from "node:util";
import { addStaff, listStaff, removeStaff } from "../server/modules/console/index.ts";
import { runAdminCommand, withStoreDb } from "./admin-command.ts";

const USAGE = `Usage:
  npm run staff -- list
  npm run staff -- add --email <email> --store <store id> [--admin]
  npm run staff -- remove --email <email>`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: "string" }, store: { type: "string" }, admin: { type: "boolean" } },
  });
  const command = positionals[0];
  if (command !== "list" && command !== "add" && command !== "remove") {
    console.error(USAGE);
    return 2;
  }
  if (command !== "list" && !values.email) {
    console.error(`${command} needs --email.\n${USAGE}`);
    return 2;
  }
  if (command === "add" && !values.store && !values.admin) {
    console.error(`add needs --store (or --admin).\n${USAGE}`);
    return 2;
  }
  return withStoreDb("staff", async (db) => {
    if (command === "add") {
      const staff = await addStaff(db, {
        email: values.email!,
        storeId: values.store ?? null,
        admin: values.admin ?? false,
      });
      console.log(
        `${staff.email} is now ${staff.role === "admin" ? "an administrator" : "store staff"}${staff.storeId ? ` of ${staff.storeId}` : ""}.`,
      );
      if (staff.password) console.log(`A new account: its password is ${staff.password} (shown once).`);
      console.log("They sign in at /login and work orders at /console.");
    } else if (command === "remove") {
      console.log(
        (await removeStaff(db, values.email!))
          ? `${values.email} is a shopper's account again.`
          : "No such account.",
      );
    } else {
      const staff = await listStaff(db);
      if (staff.length === 0) console.log("No staff.");
      for (const s of staff) console.log(`${s.email}\t${s.role}\t${s.store_id ?? "-"}`);
    }
    return 0;
  });
}

runAdminCommand("staff", main, import.meta.url);
