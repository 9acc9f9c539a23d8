import { sql } from "kysely";
import { type Db, type Listener, listen } from "./db.ts";

/** A new row, as the database announces it at commit: its id, and the id of what it belongs to (order, thread). */
export type RowNotice<Key extends string> = { [K in Key]: string } & { id: number };

export interface HubSubscriber<Notice> {
  notice(notice: Notice): void;
  /** The notices' connection was lost a while: read what may have been missed. */
  resync(): void;
}

/**
 * An instance's fan-out of one table's notices to its open live streams (ADR 26): one LISTEN per process, each notice
 * handed to the streams subscribed to the topic it is about (an order for tracking, a thread for chat).
 */
export class StreamHub<Key extends string> {
  private readonly byTopic = new Map<string, Set<HubSubscriber<RowNotice<Key>>>>();

  constructor(readonly key: Key) {}

  subscribe(topic: string, subscriber: HubSubscriber<RowNotice<Key>>): () => void {
    let set = this.byTopic.get(topic);
    if (!set) {
      set = new Set();
      this.byTopic.set(topic, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byTopic.get(topic) === set) this.byTopic.delete(topic);
    };
  }

  publish(notice: RowNotice<Key>): void {
    for (const s of this.byTopic.get(notice[this.key]) ?? []) s.notice(notice);
  }

  resync(): void {
    for (const set of this.byTopic.values()) for (const s of set) s.resync();
  }

  /** Open streams, for tests and metrics. */
  get size(): number {
    let n = 0;
    for (const set of this.byTopic.values()) n += set.size;
    return n;
  }

  /** Reads a notice's payload (`{"<key>": "…", "id": 1}`); null for anything else. */
  parse(payload: string): RowNotice<Key> | null {
    try {
      const v = JSON.parse(payload) as Record<string, unknown>;
      const topic = v[this.key];
      if (typeof topic === "string" && typeof v.id === "number")
        return { [this.key]: topic, id: v.id } as RowNotice<Key>;
    } catch {}
    return null;
  }

  /**
   * Listens to the table's notices on this database's schema (channel `<table>_<schema>`, sent by the table's trigger)
   * and publishes each; a resumed connection resyncs every stream.
   */
  async listen(db: Db, table: string, onError: (err: Error) => void): Promise<Listener> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    return listen(
      db,
      `${table}_${rows[0].schema}`,
      (payload) => {
        const notice = this.parse(payload);
        if (notice) this.publish(notice);
      },
      { onResumed: () => this.resync(), onError },
    );
  }
}
