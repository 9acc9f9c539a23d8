import { CompiledQuery, sql, type Transaction } from "kysely";
import PgBoss from "pg-boss";
import type { Database } from "#db/schema.ts";
import { type Db, type Listener, listen, type RawExecutor, rawExecutor } from "./db.ts";

/**
 * Durable background jobs in the database (pg-boss 10; docs/adr/0020-job-queue.md): on PGlite and PostgreSQL alike,
 * through the app's own connections. A job sent inside a transaction exists only if that transaction commits, so
 * a change and the work it causes (a message to deliver, an order to time out) are never separated. Every
 * instance works the queues; pg-boss hands each job to one worker (SKIP LOCKED), retries failures with back-off,
 * and a job whose worker died is retried once it expires.
 */
export interface JobDefinition<T> {
  readonly name: string;
  readonly policy: JobPolicy;
  /** Phantom: the job's data type. */
  readonly data?: T;
}

export interface JobPolicy {
  /** Tries after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each further one when retryBackoff. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A job running longer than this is taken as lost (its worker died) and retried. */
  expireInSeconds: number;
}

export const defineJob = <T>(name: string, policy: JobPolicy): JobDefinition<T> => ({ name, policy });

export interface SendOptions {
  /** Enqueue as part of this transaction: the job runs only if it commits. */
  tx?: Transaction<Database>;
  startAfter?: Date;
  /**
   * The job's identity, kept on its row. pg-boss 10 refuses a second job with the same key only on "singleton" and
   * "stately" queues; ours are "standard", so a repeat is queued too, and every handler is idempotent.
   */
  singletonKey?: string;
}

export interface RunningJob<T> {
  id: string;
  data: T;
}

export interface WorkOptions {
  /** Jobs fetched at once (each handled and retried on its own). */
  batchSize?: number;
  pollingIntervalSeconds?: number;
}

export interface JobQueueOptions {
  onError?: (err: Error) => void;
  /** Seconds between polls when idle (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Replaces every queue's retry timing (tests, which cannot wait minutes for a back-off). */
  retry?: { delaySeconds: number; backoff: boolean };
}

/** The job queue's schema beside the app's: pg-boss's usual name beside `public`, else one per schema (tests). */
export function jobSchemaFor(appSchema: string): string {
  return appSchema === "public" ? "pgboss" : `${appSchema}_pgboss`;
}

/** How many jobs a queue holds in one state (JobQueue.countByState). */
export interface QueueCount {
  queue: string;
  state: "created" | "retry" | "active" | "failed";
  count: number;
}

/**
 * Instances starting at once create the same queues at once: pg-boss's create_queue (a partition of the job table
 * each) can then deadlock or meet the other's row. Tried again, it finds the queue there and leaves it.
 */
async function whenTheOtherInstanceIsDone(create: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 10 || (code !== "40P01" && code !== "23505")) throw err;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 100 * attempt));
    }
  }
}

/**
 * Has pg-boss's job table announce each job written due now (JobQueue's channel, `jobs_<job schema>`): a row trigger
 * on the partitioned table, which PostgreSQL copies to every queue's partition, those made later included. Each
 * instance installs it as it starts (pg-boss makes the table then), under a lock, so two starting at once do not
 * collide.
 */
async function announceJobs(db: Db, schema: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`${schema}.announce_job`}))`.execute(tx);
    await sql`
      create or replace function ${sql.id(schema, "announce_job")}() returns trigger language plpgsql as $$
      begin
        if new.state = 'created' and new.start_after <= now() then
          perform pg_notify('jobs_' || tg_table_schema, new.name);
        end if;
        return null;
      end
      $$`.execute(tx);
    await sql`
      create or replace trigger announce_job after insert on ${sql.id(schema, "job")}
      for each row execute function ${sql.id(schema, "announce_job")}()`.execute(tx);
  });
}

/** A job without a start time, or with one already past, can be fetched as soon as it is written. */
const dueNow = (startAfter: Date | string | number | undefined): boolean =>
  startAfter === undefined || new Date(startAfter).getTime() <= Date.now();

/** pg-boss's way into one of our transactions. */
const executorOf = (tx: Transaction<Database>): PgBoss.Db => ({
  executeSql: async (text, values) =>
    tx.executeQuery(CompiledQuery.raw(text, values)) as Promise<{ rows: unknown[] }>,
});

export class JobQueue {
  private readonly defined = new Set<string>();
  /** The jobs of the transactions gathering theirs (gathered), written at the end of each. */
  private readonly gathering = new WeakMap<Transaction<Database>, PgBoss.JobInsert[]>();
  private readonly failureListeners = new Set<(queue: string) => void>();
  private creating: Promise<void> = Promise.resolve();
  /** The batches being handled on this instance (stop waits for them). */
  private readonly handling = new Set<Promise<void>>();
  /** This instance's workers by queue, woken when a job is sent to their queue. */
  private readonly workers = new Map<string, string[]>();
  private listener: Listener | null = null;

  private constructor(
    private readonly boss: PgBoss,
    private readonly opts: JobQueueOptions,
    private readonly inFlight: Set<Promise<unknown>>,
    private readonly raw: RawExecutor,
    private readonly schema: string,
    /** Set once stop() has returned: pg-boss's statements after it are dropped (JobQueue.open). */
    private readonly stopped: { value: boolean },
  ) {}

  /**
   * Writing a job due now sends a notice on this channel, the queue's name, from a trigger on pg-boss's job table
   * (announceJobs: in the job's transaction, so it arrives once the job can be fetched, and with no statement of
   * its own): every instance wakes its workers of that queue at once instead of at their next poll. Polling stays
   * the way jobs are found; a lost notice only costs the wait it would have saved.
   */
  private get channel(): string {
    return `jobs_${this.schema}`;
  }

  private wake(queue: string): void {
    for (const id of this.workers.get(queue) ?? []) this.boss.notifyWorker(id);
  }

  private async listenForJobs(db: Db): Promise<void> {
    try {
      this.listener = await listen(db, this.channel, (queue) => this.wake(queue), {
        // Notices sent while the connection was down are lost: look now rather than at the next poll.
        onResumed: () => {
          for (const queue of this.workers.keys()) this.wake(queue);
        },
        onError: (err) => this.opts.onError?.(err),
      });
    } catch (err) {
      this.opts.onError?.(err as Error);
    }
  }

  /** Creates or migrates the queue's schema (once across instances: pg-boss takes an advisory lock) and starts it. */
  static async open(db: Db, opts: JobQueueOptions = {}): Promise<JobQueue> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    // pg-boss completes or fails a finished job without awaiting it: stop() waits for those calls, so the
    // database is never closed under one.
    const inFlight = new Set<Promise<unknown>>();
    const raw = rawExecutor(db);
    const stopped = { value: false };
    const executor = {
      executeSql(text: string, values?: unknown[]) {
        // A handler stop() gave up on (past its deadline pg-boss failed the job, to be retried elsewhere) may end
        // later and have pg-boss complete it, unawaited: that must not reach the queue, nor a database closed since.
        // Such a statement never settles (no result to invent, no rejection no one awaits); it holds no handle.
        if (stopped.value) return new Promise<never>(() => {});
        const call = raw.executeSql(text, values);
        inFlight.add(call);
        call.then(
          () => inFlight.delete(call),
          () => inFlight.delete(call),
        );
        return call;
      },
    };
    const schema = jobSchemaFor(rows[0].schema);
    const boss = new PgBoss({
      db: executor as PgBoss.Db,
      schema,
      // Housekeeping (expiring lost jobs, archiving) every minute; no cron schedules yet.
      supervise: true,
      maintenanceIntervalSeconds: 60,
      schedule: false,
    });
    boss.on("error", (err) => opts.onError?.(err));
    await boss.start();
    await announceJobs(db, schema);
    const queue = new JobQueue(boss, opts, inFlight, raw, schema, stopped);
    await queue.listenForJobs(db);
    return queue;
  }

  /** Creates the job's queue, or brings its retry policy up to date. */
  async define(job: JobDefinition<unknown>): Promise<void> {
    if (this.defined.has(job.name)) return;
    const queue: PgBoss.Queue = {
      name: job.name,
      retryLimit: job.policy.retryLimit,
      retryDelay: this.opts.retry?.delaySeconds ?? job.policy.retryDelaySeconds,
      retryBackoff: this.opts.retry?.backoff ?? job.policy.retryBackoff,
      expireInSeconds: job.policy.expireInSeconds,
    };
    // One at a time here; another instance starting at once may still meet this one (above).
    const created = this.creating.then(() =>
      whenTheOtherInstanceIsDone(() => this.boss.createQueue(job.name, queue)),
    );
    this.creating = created.catch(() => {});
    await created;
    await this.boss.updateQueue(job.name, queue);
    this.defined.add(job.name);
  }

  /**
   * Sends a job. Sent with `{ tx }` while that transaction gathers its jobs (`gathered`), it is written with the
   * others when the gathering ends, still in the transaction, and its id is not known: the answer is null.
   */
  async send<T>(job: JobDefinition<T>, data: T, opts: SendOptions = {}): Promise<string | null> {
    if (!this.defined.has(job.name)) throw new Error(`job queue: ${job.name} was sent before it was defined`);
    const tx = opts.tx;
    const gathering = tx && this.gathering.get(tx);
    if (gathering) {
      gathering.push({
        name: job.name,
        data: data as object,
        startAfter: opts.startAfter,
        singletonKey: opts.singletonKey,
      });
      return null;
    }
    const id = await this.boss.send(job.name, data as object, {
      startAfter: opts.startAfter,
      singletonKey: opts.singletonKey,
      db: tx ? executorOf(tx) : undefined,
    });
    // Written and committed: this instance's workers need not wait for the notice (the trigger tells the others).
    if (!tx && dueNow(opts.startAfter)) this.wake(job.name);
    return id;
  }

  /**
   * Runs `work`, which sends its jobs in `tx`, and writes all the jobs it sent with one statement (pg-boss's insert,
   * with the same queue policies as send) at its end, in `tx`: as with send, they exist only if `tx` commits.
   * A transaction that sends several jobs saves a round trip for each but the first.
   */
  async gathered<R>(tx: Transaction<Database>, work: () => Promise<R>): Promise<R> {
    if (this.gathering.has(tx)) return work();
    const jobs: PgBoss.JobInsert[] = [];
    this.gathering.set(tx, jobs);
    let result: R;
    try {
      result = await work();
    } finally {
      this.gathering.delete(tx);
    }
    if (jobs.length === 1) {
      const [job] = jobs;
      await this.boss.send(job.name, job.data ?? {}, {
        startAfter: job.startAfter,
        singletonKey: job.singletonKey,
        db: executorOf(tx),
      });
    } else if (jobs.length > 1) await this.boss.insert(jobs, { db: executorOf(tx) });
    return result;
  }

  /**
   * Runs `handler` for each job of the queue. A handler that throws fails that job alone, which pg-boss retries
   * by the queue's policy; one that returns completes it. A full batch fetches the next at once.
   */
  async work<T>(
    job: JobDefinition<T>,
    handler: (job: RunningJob<T>) => Promise<void>,
    opts: WorkOptions = {},
  ): Promise<void> {
    await this.define(job);
    const batchSize = opts.batchSize ?? 5;
    const workerId: string = await this.boss.work<T>(
      job.name,
      {
        batchSize,
        pollingIntervalSeconds: opts.pollingIntervalSeconds ?? this.opts.pollingIntervalSeconds ?? 1,
      },
      (jobs) => this.counted(this.handle(job, handler, jobs, batchSize, () => workerId)),
    );
    this.workers.set(job.name, [...(this.workers.get(job.name) ?? []), workerId]);
  }

  private async handle<T>(
    job: JobDefinition<T>,
    handler: (job: RunningJob<T>) => Promise<void>,
    jobs: PgBoss.Job<T>[],
    batchSize: number,
    workerId: () => string,
  ): Promise<void> {
    for (const running of jobs) {
      try {
        await handler({ id: running.id, data: running.data });
      } catch (err) {
        for (const listener of this.failureListeners) listener(job.name);
        // Only this job fails; pg-boss then completes the batch's others (it completes active jobs only).
        await this.boss.fail(job.name, running.id, { message: (err as Error).message });
      }
    }
    if (jobs.length === batchSize) this.boss.notifyWorker(workerId());
  }

  /** Counts the batch among those being handled until it settles (stop waits for them). */
  private counted(batch: Promise<void>): Promise<void> {
    this.handling.add(batch);
    const forget = () => this.handling.delete(batch);
    batch.then(forget, forget);
    return batch;
  }

  /** Calls `listener` with the queue's name each time a handler on this instance throws (metrics count them). */
  onFailure(listener: (queue: string) => void): void {
    this.failureListeners.add(listener);
  }

  /**
   * Jobs per queue in the states worth watching, in one statement over pg-boss's table (cheaper than its
   * getQueueSize per queue): created and retry are waiting, active are running, failed have used up their retries.
   */
  async countByState(): Promise<QueueCount[]> {
    const { rows } = await this.raw.executeSql(
      `select name as queue, state::text as state, count(*)::int as count from ${this.schema}.job
       where state in ('created', 'retry', 'active', 'failed') group by name, state`,
    );
    return rows as QueueCount[];
  }

  /**
   * Stops fetching, lets running jobs finish (up to `timeoutMs`), stops housekeeping. pg-boss counts a worker busy
   * only once its fetch has returned: a fetch under way as it stops brings a batch after pg-boss is done waiting,
   * and pg-boss completes a batch without awaiting it. So this also waits, until nothing is left, for the batches
   * being handled and the statements under way, each of which may start the next (a fetch a batch, a batch its
   * completion); otherwise they would meet a closed database.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.listener?.close();
    this.listener = null;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    for (;;) {
      // What a settled statement or batch starts next is started within the turn it settles in.
      await new Promise((resolve) => setImmediate(resolve));
      const pending = [...this.handling, ...this.inFlight];
      const left = deadline - Date.now();
      if (pending.length === 0 || left <= 0) {
        this.stopped.value = true;
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(pending),
        new Promise((resolve) => {
          timer = setTimeout(resolve, left);
        }),
      ]);
      clearTimeout(timer);
    }
  }
}
