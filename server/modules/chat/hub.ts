/** A new chat_messages row, as the database announces it. */
export interface ChatNotice {
  thread_id: string;
  id: number;
}

export interface ChatSubscriber {
  notice(notice: ChatNotice): void;
  resync(): void;
}

/**
 * The instance's fan-out of chat messages (the design of tracking's hub, ADR 26): one LISTEN per process hands
 * each notice to the open streams of its thread; `resync` tells every stream to re-read what it may have missed.
 */
export class ChatHub {
  private readonly byThread = new Map<string, Set<ChatSubscriber>>();

  subscribe(threadId: string, subscriber: ChatSubscriber): () => void {
    let set = this.byThread.get(threadId);
    if (!set) {
      set = new Set();
      this.byThread.set(threadId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byThread.get(threadId) === set) this.byThread.delete(threadId);
    };
  }

  publish(notice: ChatNotice): void {
    for (const s of this.byThread.get(notice.thread_id) ?? []) s.notice(notice);
  }

  resync(): void {
    for (const set of this.byThread.values()) for (const s of set) s.resync();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byThread.values()) n += set.size;
    return n;
  }
}

/** Reads a notice's payload; null for anything else. */
export function parseChatNotice(payload: string): ChatNotice | null {
  try {
    const v = JSON.parse(payload) as { thread_id?: unknown; id?: unknown };
    if (typeof v.thread_id === "string" && typeof v.id === "number")
      return { thread_id: v.thread_id, id: v.id };
  } catch {}
  return null;
}
