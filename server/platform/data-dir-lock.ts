import fs from "node:fs";
import path from "node:path";

/**
 * Embedded PGlite is one process's database: a second process opening the same files (a second `npm start`, an
 * admin command while the store runs) would corrupt them. Whoever opens DATA_DIR holds this lock: a file with its
 * pid, taken over only when that process is gone.
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "nightcap.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, holder }), { flag: "wx" });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = readOwner(file);
      if (owner && isAlive(owner.pid)) {
        throw new Error(
          `${dataDir} is in use by ${owner.holder} (pid ${owner.pid}): the embedded database takes one process at a time. Stop it first.`,
        );
      }
      fs.rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function readOwner(file: string): { pid: number; holder: string } | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, "utf8"));
    return Number.isInteger(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
