/** Reads a Dockerfile's instructions, for the checks that stand in for `docker build` (docs/DEPLOY.md). */

export interface Instruction {
  keyword: string;
  args: string;
}

/** The instructions by stage name (continuation lines joined, comments and the syntax line dropped). */
export function dockerStages(text: string): Map<string, Instruction[]> {
  const lines = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const stages = new Map<string, Instruction[]>();
  let current: Instruction[] | undefined;
  for (const line of lines) {
    const [, keyword, args] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args };
    if (instruction.keyword === "FROM") {
      current = [];
      stages.set(/\sAS\s+(\S+)$/i.exec(args)?.[1] ?? String(stages.size), current);
    }
    current?.push(instruction);
  }
  return stages;
}

/** `ENV A=1 B=2` lines of a stage, merged (values without quotes or spaces, as ours are). */
export function stageEnv(stage: readonly Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of stage.filter((i) => i.keyword === "ENV"))
    for (const pair of i.args.split(/\s+/)) {
      const [key, ...value] = pair.split("=");
      env[key] = value.join("=");
    }
  return env;
}

/** A COPY's sources and destination, and its --from stage if any. */
export function copyOf(i: Instruction): { from?: string; sources: string[]; dest: string } {
  const words = i.args.split(/\s+/);
  const from = words[0].startsWith("--from=") ? words.shift()?.slice("--from=".length) : undefined;
  const dest = words.pop() ?? "";
  return { from, sources: words, dest };
}

/** An exec-form command (`CMD ["node", …]`), or the exec form after HEALTHCHECK's options. */
export function execForm(args: string): string[] {
  const json = args.slice(args.indexOf("["));
  return JSON.parse(json) as string[];
}
