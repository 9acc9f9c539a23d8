import type { ServerResponse } from "node:http";

/**
 * One server-sent-events response, written in order (ADR 26): steps (a read, then its messages) run one at a time, so
 * a notice racing a read, or arriving twice, never sends a message twice or out of order; a step that fails ends the
 * stream (the browser reconnects after `retry`); a heartbeat keeps proxies from closing an idle stream; shutdown closes
 * the socket too, so the browser reconnects to another instance. Live tracking and chat build on it: each subscribes
 * to its hub, reads its own rows and sends them with their ids (the `Last-Event-ID` a reconnect resumes after).
 */
export abstract class EventStream<Message> {
  /** The id of the last message sent (or the one the client already had). */
  protected lastId: number;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private release: () => void = () => {};

  protected constructor(
    private readonly res: ServerResponse,
    private readonly onError: (err: unknown) => void,
    lastId: number,
  ) {
    this.lastId = lastId;
    this.write("retry: 3000\n\n");
  }

  /** Called once when the stream closes (the subclass's hub subscription). */
  protected onClose(release: () => void): void {
    this.release = release;
  }

  protected get isClosed(): boolean {
    return this.closed;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.release();
    if (!this.res.writableEnded) this.res.end();
  }

  /** A comment line that keeps proxies from closing an idle stream (one timer beats for every stream). */
  beat(): void {
    this.write(": heartbeat\n\n");
  }

  /**
   * Shutdown: a reconnect hint, then the stream ends and its socket closes (the browser reconnects, to another
   * instance). The hint spreads the reconnects over a couple of seconds, so the instances left are not hit by every
   * stream of this one at once.
   */
  shutdown(): void {
    this.write(`retry: ${500 + Math.floor(Math.random() * 2000)}\n\n`);
    this.close();
    const socket = this.res.socket;
    if (!socket) return;
    if (this.res.writableFinished) socket.destroy();
    else this.res.once("finish", () => socket.destroy());
  }

  protected enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (this.closed) return;
      try {
        await step();
      } catch (err) {
        this.onError(err);
        this.close();
      }
    });
  }

  protected send(id: number, data: Message): void {
    this.lastId = Math.max(this.lastId, id);
    this.write(`id: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private write(chunk: string): void {
    if (!this.closed && !this.res.writableEnded) this.res.write(chunk);
  }
}
