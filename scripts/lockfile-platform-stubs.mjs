// The npm registry mirror reachable here answers 404 for native packages built for other
// platforms (e.g. @rollup/rollup-darwin-arm64), so `npm install` leaves them out of
// package-lock.json and `npm ci` then refuses the lockfile as out of sync. This script adds a
// stub entry for each such optional dependency, with the os/cpu/libc read from its name, so
// `npm ci` recognises it and skips it as built for another platform. Run it after every
// `npm install` that changes the lockfile (see docs/adr/0006-lockfile-platform-stubs.md).
import { readFileSync, writeFileSync } from "node:fs";

const OS = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "openharmony",
  "netbsd",
  "sunos",
  "aix",
  "win32",
];
const CPU = ["arm64", "x64", "arm", "ia32", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"];

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
let added = 0;

for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const tokens = name.split("/").pop().split("-");
    const os = tokens.find((t) => OS.includes(t));
    const cpu = tokens.find((t) => CPU.includes(t));
    if (!os) continue; // not a platform package: leave it to npm
    packages[hoisted] = {
      version: spec.replace(/^[\^~=]/, ""),
      dev: entry.dev || undefined,
      optional: true,
      os: [os],
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(tokens.includes("musl") ? { libc: ["musl"] } : {}),
      ...(tokens.includes("gnu") || tokens.includes("gnueabihf") ? { libc: ["glibc"] } : {}),
    };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: ${added} platform stub(s) added`);
