import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { Outbox } from "../messages/index.ts";
import type { PushTransport } from "./push.ts";
import type { VapidKeys } from "./vapid.ts";

/** What the notifications module's parts share, built once per app. */
export interface NotificationsContext {
  db: Db;
  config: Config;
  jobs: JobQueue;
  outbox: Outbox;
  transport: PushTransport;
  vapid: VapidKeys;
  /** The push services whose endpoints we accept and post to. */
  pushHostAllowed: (host: string) => boolean;
}
