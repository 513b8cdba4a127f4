/**
 * The sending pass of a bulk import: workers take checked rows one at a time
 * and send each through the one API client, under the shared gate. Every row is
 * recorded "started" before its request goes out and gets its ending record as
 * soon as the answer is in, so the results file is never behind by more than
 * the rows in flight.
 *
 * A row's ending record is held until the next "started" record is written
 * (another row's, as soon as a sender moves on), and goes out in the same
 * write: one write a row instead of two, and one sync covers both. Held
 * records are written within heldMs in any case (the run may be waiting out a
 * slow-down), and before the run returns.
 */
import { type Clock, systemClock, type TimerHandle } from '../../host-clock.js';
import type { ApiClient } from '../../api/client.js';
import { type Operation, operations } from '../../api/operations.js';
import { formatSeconds } from '../../api/retry.js';
import { exitCodes, FileWriteError, NetworkError, UserError } from '../../errors.js';
import * as z from '../../schema/zod.js';
import type { ConnectionRequestBody } from '../request.js';
import { type CheckedRow, type RowIdentity, secretValues } from './check.js';
import type { SendGate } from './gate.js';
import { type Answer, answerOf, answerOfError, scrubbed } from './outcome.js';
import type { RecordedProblem, ResultRecord, ResultsLog } from './results.js';

/** A row to send: checked, and not created (or removed) by an earlier run. */
export interface RowToSend {
  line: number;
  identity: RowIdentity;
  /** An import's request body. */
  body?: ConnectionRequestBody;
  /** A removal's connection. */
  connectionId?: string;
}

export interface SendCounts {
  created: number;
  /** A removal's rows: removed by this run, and those that were not there (a 404, or no connection with the row's key). */
  removed: number;
  absent: number;
  failed: number;
  uncertain: number;
  invalid: number;
  /** Requests sent again after a 429, 503 or retryable problem. */
  retries: number;
}

/** A few rows kept for the summary; the results file has them all. */
export interface RowNote {
  line: number;
  identity: RowIdentity;
  problem?: RecordedProblem;
}

/** A row that ended after the results file stopped taking records: what came of it is known only to this run. */
export interface UnrecordedRow {
  line: number;
  status: ResultRecord['status'];
  connectionId?: string;
}

export interface SenderOptions {
  api: ApiClient;
  project: string;
  gate: SendGate;
  log: ResultsLog;
  now: () => Date;
  /** The timer that writes held ending records (default: the system's). */
  timers?: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  /** Attempts per row when the service keeps asking to wait (429, 503, retryable). */
  maxAttempts?: number;
  /**
   * The most time, in ms, one row waits between its attempts (IPCTL_RETRY_MAX_WAIT,
   * as for one request). A Retry-After beyond what is left stops the run.
   */
  maxWaitMs?: number;
  /** Attempts per row when the service cannot be reached at all. */
  maxUnreachableAttempts?: number;
  /** Rows in a row that may end uncertain before the run stops. */
  maxUncertainInARow?: number;
  /**
   * Sends one row's request and reads the answer (default: connections:generate
   * with the row's body). It never throws: what went wrong is an answer.
   */
  request?: (row: RowToSend) => Promise<Answer>;
}

/**
 * connections:generate as an import sends it: of the answer, which carries the
 * whole connection, an import keeps only the connection's ID and project (its
 * record says nothing else), so it reads only those. A 2xx answer whose ID or
 * project is not text is not understood, and the row is uncertain.
 */
const importOperation: Operation<{ id?: string; projectId?: string }> = {
  ...operations.generateConnection,
  response: z.object({ id: z.optional(z.string()), projectId: z.optional(z.string()) }),
};

/** The longest an ending record waits for the next "started" record's write. */
const heldMs = 100;

/** Rows of each kind kept for the summary, whose problem document lists at most this many; the results file has them all. */
export const notedRows = 20;

export class Sender {
  readonly counts: SendCounts = { created: 0, removed: 0, absent: 0, failed: 0, uncertain: 0, invalid: 0, retries: 0 };
  readonly failures: RowNote[] = [];
  readonly uncertainRows: RowNote[] = [];
  readonly invalidRows: Array<{ line: number; problems: string[] }> = [];
  /** Rows whose ending could not be recorded (the results file could not be written): every one, for the summary. */
  readonly unrecorded: UnrecordedRow[] = [];
  /** Why the run stopped early, when the service's answers meant every other row would fail too. */
  stopError: UserError | undefined;
  inFlight = 0;
  readonly #options: Required<SenderOptions>;
  #uncertainInARow = 0;
  /** Ending records not yet written: they go out with the next "started" record. */
  #held: ResultRecord[] = [];
  #flushing: TimerHandle | undefined;

  constructor(options: SenderOptions) {
    this.#options = { maxAttempts: 8, maxWaitMs: 60_000, maxUnreachableAttempts: 6, maxUncertainInARow: 10, timers: systemClock(), request: (row) => this.#generate(row), ...options };
  }

  async #generate(row: RowToSend): Promise<Answer> {
    try {
      return answerOf(await this.#options.api.call(importOperation, { path: { projectIdOrName: this.#options.project }, body: row.body }));
    } catch (error) {
      return answerOfError(error, this.#options.now().getTime());
    }
  }

  /** Sends every row `rows` yields, `workers` at a time, until they run out or the gate is stopped. */
  async run(rows: AsyncGenerator<RowToSend>, workers: number): Promise<void> {
    const work = async (): Promise<void> => {
      try {
        for (;;) {
          if (this.#options.gate.stopped) return;
          const next = await rows.next();
          if (next.done) return;
          await this.#send(next.value);
        }
      } catch (error) {
        // A failure of ipctl itself (the results file cannot be written, say): the others stop too.
        this.#options.gate.stop();
        throw error;
      }
    };
    try {
      const ended = await Promise.allSettled(Array.from({ length: workers }, work));
      const failure = ended.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failure) throw failure.reason;
    } finally {
      this.#flush();
      await rows.return(undefined);
    }
  }

  /** A row whose outcome a lookup found before any request (a connection with its key exists, or none does): recorded, never sent. */
  settle(row: RowToSend, answer: Exclude<Answer, { kind: 'retry' | 'stop' }>): void {
    this.#end(row, answer, 0);
  }

  /** A row created before whose record, written by hand, named its line only: the row's key is recorded for later runs, counted nowhere. */
  recordKeyOf(row: RowToSend): void {
    this.#write({ line: row.line, status: 'created', ...row.identity });
  }

  /** A row found invalid while sending (with --skip-invalid): recorded, never sent. */
  recordInvalid(row: CheckedRow & { ok: false }): void {
    this.counts.invalid += 1;
    if (this.invalidRows.length < notedRows) this.invalidRows.push({ line: row.line, problems: row.problems });
    this.#write({ line: row.line, status: 'invalid', ...row.identity, problems: row.problems });
  }

  async #send(row: RowToSend): Promise<void> {
    const { gate, request } = this.#options;
    let attempts = 0;
    let waitedMs = 0;
    let last: Answer | undefined;
    for (;;) {
      const ticket = await gate.acquire();
      if (!ticket) {
        this.#endUnsent(row, attempts, last);
        return;
      }
      // The request goes out only once its "started" record is on the disk; when that fails, the run stops before it.
      if (attempts === 0 && !(await this.#started(row))) {
        gate.release();
        return;
      }
      attempts += 1;
      this.inFlight += 1;
      const answer = await request(row);
      this.inFlight -= 1;
      last = answer;
      if (answer.kind === 'retry') {
        const tooLong = this.#beyondBudget(answer, waitedMs);
        if (tooLong) {
          gate.release();
          this.#fail(row, { ...answer.problem, detail: `${answer.problem.detail ? `${answer.problem.detail} ` : ''}${tooLong.rowDetail}` }, attempts);
          this.#stop(tooLong.error);
          return;
        }
        waitedMs += gate.throttled(ticket, answer.retryAfterMs);
        gate.release();
        if (attempts < this.#maxAttempts(answer) && waitedMs <= this.#options.maxWaitMs) {
          this.counts.retries += 1;
          continue;
        }
        this.#fail(row, answer.problem, attempts);
        if (answer.unreachable) this.#stop(new NetworkError(`Stopped: ${answer.problem.title ?? 'the service could not be reached'}`, 'Run the same command with --resume once the service can be reached.'));
        return;
      }
      if (answer.kind !== 'stop' && answer.kind !== 'uncertain') gate.succeeded();
      gate.release();
      this.#end(row, answer, attempts);
      return;
    }
  }

  /**
   * The service asked to wait longer than this row has left of the budget:
   * nothing was created, and every other row would be asked the same, so the
   * run stops rather than wait (or fail row after row).
   */
  #beyondBudget(answer: Answer & { kind: 'retry' }, waitedMs: number): { error: UserError; rowDetail: string } | undefined {
    const asked = answer.retryAfterMs;
    if (asked === undefined || asked <= this.#options.maxWaitMs - waitedMs) return undefined;
    const now = this.#options.now().getTime();
    // Rounded up to the second: never earlier than the service allows.
    const retryAt = new Date(Math.ceil((now + asked) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    const wait = formatSeconds(asked);
    return {
      error: new UserError(
        `Stopped: the service asks to wait ${wait} before any more requests, longer than ipctl waits (IPCTL_RETRY_MAX_WAIT: ${formatSeconds(this.#options.maxWaitMs)}).`,
        exitCodes.temporary,
        `Run the same command with --resume after ${retryAt}.`,
      ),
      rowDetail: `Not sent again: the service asked to wait ${wait}, longer than IPCTL_RETRY_MAX_WAIT; nothing was created.`,
    };
  }

  #maxAttempts(answer: Answer & { kind: 'retry' }): number {
    return answer.unreachable ? this.#options.maxUnreachableAttempts : this.#options.maxAttempts;
  }

  #end(row: RowToSend, answer: Exclude<Answer, { kind: 'retry' }>, attempts: number): void {
    const base = { line: row.line, ...row.identity, ...(attempts > 1 ? { attempts } : {}) };
    switch (answer.kind) {
      case 'created':
        this.#uncertainInARow = 0;
        this.counts.created += 1;
        this.#write({ ...base, status: 'created', ...(answer.connectionId !== undefined ? { connectionId: answer.connectionId } : {}), ...(answer.projectId !== undefined ? { projectId: answer.projectId } : {}) });
        return;
      case 'removed':
      case 'absent':
        this.#uncertainInARow = 0;
        this.counts[answer.kind] += 1;
        this.#write({ ...base, status: answer.kind, ...(answer.connectionId !== undefined ? { connectionId: answer.connectionId } : {}) });
        return;
      case 'failed':
        this.#uncertainInARow = 0;
        this.#fail(row, answer.problem, attempts);
        return;
      case 'stop':
        this.#fail(row, answer.problem, attempts);
        this.#stop(answer.error);
        return;
      case 'uncertain': {
        const problem = scrubbed(answer.problem, secretsOf(row));
        this.counts.uncertain += 1;
        if (this.uncertainRows.length < notedRows) this.uncertainRows.push({ line: row.line, identity: row.identity, problem });
        this.#write({ ...base, status: 'uncertain', problem });
        this.#uncertainInARow += 1;
        if (this.#uncertainInARow >= this.#options.maxUncertainInARow) {
          this.#stop(new NetworkError(`Stopped: ${this.#uncertainInARow} rows in a row got no clear answer from the service (last: ${problem.title ?? 'no answer'}).`, 'Check the service; then run the same command with --resume.'));
        }
        return;
      }
    }
  }

  #fail(row: RowToSend, problem: RecordedProblem, attempts: number): void {
    const clean = scrubbed(problem, secretsOf(row));
    this.counts.failed += 1;
    if (this.failures.length < notedRows) this.failures.push({ line: row.line, identity: row.identity, problem: clean });
    this.#write({ line: row.line, ...row.identity, status: 'failed', problem: clean, ...(attempts > 1 ? { attempts } : {}) });
  }

  /** The run stopped before this row's request (or its retry) went out: nothing was created. */
  #endUnsent(row: RowToSend, attempts: number, last: Answer | undefined): void {
    if (attempts === 0) return;
    // Asked to wait, then stopped while waiting: the service created nothing (see outcome.ts).
    const problem = last && 'problem' in last ? last.problem : { title: 'Not sent again: the run stopped' };
    this.#fail(row, { ...problem, detail: `${problem.detail ? `${problem.detail} ` : ''}The run stopped before the request was sent again; nothing was created.` }, attempts);
  }

  #stop(error: UserError): void {
    this.stopError ??= error;
    this.#options.gate.stop();
  }

  /** Records the row as started, with the ending records held; false when that could not be written or synced (the run then stops). */
  async #started(row: RowToSend): Promise<boolean> {
    const endings = this.#takeHeld();
    try {
      await this.#options.log.started(this.#record({ line: row.line, status: 'started', ...row.identity }), endings);
      return true;
    } catch (error) {
      if (!(error instanceof FileWriteError)) throw error;
      this.#stop(error);
      return false;
    }
  }

  /** An ending record, held for the next write; one that cannot be written stops the run, and the row is kept for the summary. */
  #write(record: Omit<ResultRecord, 'time'>): void {
    this.#held.push(this.#record(record));
    this.#flushing ??= this.#options.timers.setTimeout(() => this.#flush(), heldMs, { unref: true });
  }

  /** Queues the held ending records for the next commit of the results file; a failure there stops the run at the next started record. */
  #flush(): void {
    const endings = this.#takeHeld();
    if (endings.length > 0) void this.#options.log.append(endings);
  }

  #takeHeld(): ResultRecord[] {
    if (this.#flushing) this.#options.timers.clearTimeout(this.#flushing);
    this.#flushing = undefined;
    const held = this.#held;
    this.#held = [];
    return held;
  }

  /** Ending records the results file never stored, because it stopped taking records: their rows go to the summary (a lost "started" record's row was never sent). */
  noteUnstored(records: readonly ResultRecord[]): void {
    for (const record of records) if (record.status !== 'started') this.unrecorded.push({ line: record.line, status: record.status, ...(record.connectionId !== undefined ? { connectionId: record.connectionId } : {}) });
  }

  /** Written in one order (line, status, who, what came of it, time), so the file reads well. */
  #record(record: Omit<ResultRecord, 'time'>): ResultRecord {
    const { line, status, provider, groupRef, consumerRef, ...rest } = record;
    return { line, status, provider, groupRef, consumerRef, ...rest, time: this.#options.now().toISOString() };
  }
}

function secretsOf(row: RowToSend): string[] {
  return row.body ? secretValues(row.body) : [];
}
