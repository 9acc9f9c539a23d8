import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
/** One server-sent event as a browser's EventSource would see it. */
export interface SseMessage {
  id: string | null;
  data: string;
}

/**
 * A test's EventSource over fetch (Node has none): reads a text/event-stream answer and hands out its messages in
 * order, comments kept apart (heartbeats).
 */
export class SseReader {
  private buffer = "";
  private readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  private waiting: (() => void) | null = null;
  private ended = false;

  static async open(
    url: string,
    headers: Record<string, string>,
  ): Promise<{
    status: number;
    contentType: string | null;
    reader: SseReader;
    body: string | null;
    abort(): void;
  }> {
    const controller = new AbortController();
    const res = await fetch(url, { headers, signal: controller.signal });
    if (res.status !== 200) {
      return {
        status: res.status,
        contentType: res.headers.get("content-type"),
        reader: new SseReader(),
        body: await res.text(),
        abort: () => {},
      };
    }
    const reader = new SseReader();
    void reader.pump(res.body!);
    return {
      status: 200,
      contentType: res.headers.get("content-type"),
      reader,
      body: null,
      abort: () => controller.abort(),
    };
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      const reader = body.getReader();
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        this.buffer += decoder.decode(chunk, { stream: true });
        let end = this.buffer.indexOf("\n\n");
        while (end >= 0) {
          this.parse(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
          end = this.buffer.indexOf("\n\n");
        }
        this.wake();
      }
    } catch {
      // aborted
    }
    this.ended = true;
    this.wake();
  }

  private parse(block: string): void {
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) this.comments.push(line.slice(1).trim());
      else if (line.startsWith("id:")) id = line.slice(3).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (data.length) this.messages.push({ id, data: data.join("\n") });
  }

  private wake(): void {
    const w = this.waiting;
    this.waiting = null;
    w?.();
  }

  /** The next message, or a failure after `ms`. */
  async next(ms = 5000): Promise<SseMessage> {
    const deadline = Date.now() + ms;
    while (this.messages.length === 0) {
      if (this.ended) throw new Error("the stream ended");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
    return this.messages.shift()!;
  }

  /** Messages already received and not yet taken. */
  get pending(): number {
    return this.messages.length;
  }
}

const sockets = new WeakMap<FastifyInstance, Set<Socket>>();

/** Listens on a free port for a live-stream test, keeping the sockets fetch opens (for dropSockets). */
export async function listenForStreams(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const set = new Set<Socket>();
  sockets.set(app, set);
  app.server.on("connection", (socket: Socket) => {
    set.add(socket);
    socket.on("close", () => set.delete(socket));
  });
  return address;
}

/**
 * fetch keeps idle sockets open for reuse (some never carried a request, which closeAllConnections does not see);
 * the server's close would wait out their keep-alive, or Node's request timeout (a minute or more) for a socket that
 * fetch opens after this and never uses. The test's client goes away: its sockets close, and so do later ones.
 */
export function dropSockets(app: FastifyInstance): void {
  app.server.on("connection", (socket: Socket) => socket.destroy());
  for (const socket of sockets.get(app) ?? []) socket.destroy();
}
