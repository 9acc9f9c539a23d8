import type { ApiShape } from "#app/lib/api-answers.ts";

/** A chat message as the API and the streams send it (server/modules/chat). */
export type ChatMessage = ApiShape<"ChatMessage">;

/** Messages merged by id, in id order (the stream and a post's answer may bring the same one). */
export function mergeMessages(current: readonly ChatMessage[], more: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
