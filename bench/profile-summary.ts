import { readFileSync } from "node:fs";

/**
 * Where a .cpuprofile's time went: self time per function and per package (or per project folder), top rows.
 * Usage: node --import tsx bench/profile-summary.ts file.cpuprofile [rows]
 */
type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, rowsArg] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const rows = Number(rowsArg ?? 30);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries())
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);

function where(url: string): string {
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith("node:")) return url;
  const ours = url.match(/\/(server|domain|db|app)\/(?:modules\/)?([^/]+)/);
  if (ours) return `${ours[1]}/${ours[2]}`;
  return url === "" ? "(native/gc/idle)" : url.replace(/^file:\/\/.*\//, "");
}
const fnTotals = new Map<string, number>();
const placeTotals = new Map<string, number>();
for (const [id, us] of self) {
  const { callFrame: f } = byId.get(id) as Node;
  const fn = `${f.functionName || "(anonymous)"} ${where(f.url)}:${f.lineNumber + 1}`;
  fnTotals.set(fn, (fnTotals.get(fn) ?? 0) + us);
  const place = where(f.url);
  placeTotals.set(place, (placeTotals.get(place) ?? 0) + us);
}
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ms)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(
      `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(1).padStart(7)} ms  ${k}`,
    );
};
print("Self time by place", placeTotals);
print("Self time by function", fnTotals);
