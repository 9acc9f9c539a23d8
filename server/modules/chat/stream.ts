import type { ServerResponse } from "node:http";
import type { Db } from "#server/platform/db.ts";
import { EventStream } from "#server/platform/event-stream.ts";
import type { ChatHub, ChatNotice } from "./hub.ts";
import { CATCH_UP_PAGE, type ChatMessage, messagesAfter } from "./service.ts";

/**
 * One open view of one chat thread (a shopper's widget or a staff member's console page), written to a response
 * as server-sent events: each message once, in id order, after the id the view already has (Last-Event-ID, or the
 * `after` the page loaded with). A notice or a resync queues a read of the messages after the last id sent, so a
 * notice racing the first read, or arriving twice, never sends a message twice or out of order.
 */
export class ChatStream extends EventStream<ChatMessage> {
  constructor(
    private readonly deps: { db: Db; hub: ChatHub; onError: (err: unknown) => void },
    res: ServerResponse,
    private readonly threadId: string,
    after: number,
  ) {
    super(res, deps.onError, after);
    // Subscribed before the first read: a message committed meanwhile is read by the catch-up that follows.
    this.onClose(
      deps.hub.subscribe(threadId, {
        notice: (n: ChatNotice) => {
          if (n.id > this.lastId) this.enqueue(() => this.catchUp());
        },
        resync: () => this.enqueue(() => this.catchUp()),
      }),
    );
    this.enqueue(() => this.catchUp());
  }

  /** Every message after the last one sent, a page at a time (a long absence is more than one page). */
  private async catchUp(): Promise<void> {
    for (;;) {
      const page = await messagesAfter(this.deps.db, this.threadId, this.lastId);
      for (const m of page) this.send(m.id, m);
      if (page.length < CATCH_UP_PAGE || this.isClosed) return;
    }
  }
}
