import type { ServerResponse } from "node:http";
import type { Db } from "../../platform/db.ts";
import type { ChatHub, ChatNotice } from "./hub.ts";
import { CATCH_UP_PAGE, type ChatMessage, messagesAfter } from "./service.ts";

/**
 * One open view of one chat thread (a shopper's widget or a staff member's console page), written to a response
 * as server-sent events: each message once, in id order, after the id the view already has (Last-Event-ID, or the
 * `after` the page loaded with). A notice or a resync queues a read of the messages after the last id sent, so a
 * notice racing the first read, or arriving twice, never sends a message twice or out of order.
 */
export class ChatStream {
  private lastId: number;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly deps: { db: Db; hub: ChatHub; onError: (err: unknown) => void },
    private readonly res: ServerResponse,
    private readonly threadId: string,
    after: number,
  ) {
    this.lastId = after;
    // Subscribed before the first read: a message committed meanwhile is read by the catch-up that follows.
    this.unsubscribe = deps.hub.subscribe(threadId, {
      notice: (n: ChatNotice) => {
        if (n.id > this.lastId) this.enqueue(() => this.catchUp());
      },
      resync: () => this.enqueue(() => this.catchUp()),
    });
    this.write("retry: 3000\n\n");
    this.enqueue(() => this.catchUp());
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    if (!this.res.writableEnded) this.res.end();
  }

  beat(): void {
    this.write(": heartbeat\n\n");
  }

  shutdown(): void {
    this.close();
    this.res.socket?.destroy();
  }

  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (this.closed) return;
      try {
        await step();
      } catch (err) {
        this.deps.onError(err);
        this.close();
      }
    });
  }

  /** Every message after the last one sent, a page at a time (a long absence is more than one page). */
  private async catchUp(): Promise<void> {
    for (;;) {
      const page = await messagesAfter(this.deps.db, this.threadId, this.lastId);
      for (const m of page) this.send(m);
      if (page.length < CATCH_UP_PAGE || this.closed) return;
    }
  }

  private send(message: ChatMessage): void {
    this.lastId = Math.max(this.lastId, message.id);
    this.write(`id: ${message.id}\ndata: ${JSON.stringify(message)}\n\n`);
  }

  private write(chunk: string): void {
    if (!this.closed && !this.res.writableEnded) this.res.write(chunk);
  }
}
