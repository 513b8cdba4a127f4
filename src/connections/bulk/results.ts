/**
 * The results file of a bulk import: one JSON line per event of a row, appended
 * with a direct write as it happens, so a crash loses nothing already written.
 * A row is marked "started" before its request is sent and gets exactly one
 * ending record after it: created, failed, uncertain or invalid. Reading the
 * file back tells --resume what each line of the input came to; it keeps one
 * byte and one hash per line, never the records themselves.
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { UsageError } from '../../errors.js';
import type { RowIdentity } from './check.js';
import { escapedInDocument } from '../../output/outside-text.js';
import { splitLines } from './rows.js';

export type RowStatus = 'started' | 'created' | 'failed' | 'uncertain' | 'invalid';

/** A problem as recorded: what the API said, without the values it may have echoed. */
export interface RecordedProblem {
  status?: number;
  title?: string;
  detail?: string;
  requestId?: string;
  issues?: Array<{ name?: string; detail?: string }>;
}

export interface ResultRecord extends RowIdentity {
  line: number;
  status: RowStatus;
  connectionId?: string;
  /** For failed and uncertain rows: the API's problem, or what went wrong on the way. */
  problem?: RecordedProblem;
  /** For invalid rows: what is wrong with them. */
  problems?: string[];
  /** How many times the request was sent (more than 1 after 429 or 503 answers). */
  attempts?: number;
  time: string;
}

/** The results file, open for appending. */
export class ResultsLog {
  readonly path: string;
  readonly #fd: number;
  readonly #scrub: (text: string) => string;

  private constructor(path: string, fd: number, scrub: (text: string) => string) {
    this.path = path;
    this.#fd = fd;
    this.#scrub = scrub;
  }

  /**
   * Opens the results file. A new run refuses a file that already holds
   * records (re-running it would send its rows twice); --resume needs one.
   */
  static open(path: string, resume: boolean, scrub: (text: string) => string = (text) => text): ResultsLog {
    if (!resume) ResultsLog.assertNoRun(path);
    let fd: number;
    try {
      fd = openSync(path, 'a+', 0o600);
    } catch (error) {
      throw new UsageError(`--results: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`, 'Give a path in a directory you can write to.');
    }
    const log = new ResultsLog(path, fd, scrub);
    // A record cut short by a crash stays alone on its line, and is then ignored.
    if (!endsWithNewline(fd)) writeSync(fd, '\n');
    return log;
  }

  /** Refuses a results file that already holds records: a new run over it would send its rows twice. */
  static assertNoRun(path: string): void {
    const size = sizeOf(path);
    if (size !== undefined && size > 0) {
      throw new UsageError(
        `--results: ${path} already holds the results of a run.`,
        'Give --resume to continue that run (rows it created are skipped), or choose another --results path.',
      );
    }
  }

  /**
   * Appends one record. What a server said in it is scrubbed of the run's
   * credentials, and its control characters are written as JSON escapes.
   */
  write(record: ResultRecord): void {
    writeSync(this.#fd, `${this.#scrub(escapedInDocument(JSON.stringify(record)))}\n`);
  }

  close(): void {
    closeSync(this.#fd);
  }
}

function sizeOf(path: string): number | undefined {
  try {
    const stats = statSync(path);
    if (stats.isDirectory()) throw new UsageError(`--results: ${path} is a directory.`, 'Give the path of a file.');
    return stats.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    return undefined;
  }
}

function endsWithNewline(fd: number): boolean {
  const size = fstatSync(fd).size;
  if (size === 0) return true;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] === 10;
}

/** What a line of the input came to in earlier runs. `started` alone means the process died with it in flight. */
export type PriorState = 'none' | 'created' | 'failed' | 'invalid' | 'uncertain' | 'started';

const stateCodes: PriorState[] = ['none', 'created', 'failed', 'invalid', 'uncertain', 'started'];
const recordedStatuses: RowStatus[] = ['started', 'created', 'failed', 'uncertain', 'invalid'];
/** Five bytes are kept per line up to the highest recorded; a damaged record must not ask for gigabytes. */
const maxLine = 20_000_000;

/** Earlier runs' outcome per input line: one byte of state and a 32-bit identity hash per line. */
export class PriorResults {
  #states = new Uint8Array(1024);
  #identities = new Uint32Array(1024);
  /** Lines of the results file that could not be read (a record cut short by a crash). */
  unreadable = 0;

  state(line: number): PriorState {
    return stateCodes[this.#states[line] ?? 0] ?? 'none';
  }

  /** Whether `identity` is the one recorded for `line` (true when none was recorded). */
  matches(line: number, identity: RowIdentity): boolean {
    const recorded = this.#identities[line] ?? 0;
    return recorded === 0 || recorded === identityHash(identity);
  }

  apply(record: ResultRecord): void {
    this.#grow(record.line);
    const current = this.state(record.line);
    // Once created, always created: a later record cannot undo a connection.
    if (current === 'created') return;
    this.#states[record.line] = stateCodes.indexOf(record.status);
    if (record.status !== 'invalid' && (record.groupRef !== undefined || record.provider !== undefined)) this.#identities[record.line] = identityHash(record);
  }

  #grow(line: number): void {
    if (line < this.#states.length) return;
    let size = this.#states.length;
    while (size <= line) size *= 2;
    const states = new Uint8Array(size);
    states.set(this.#states);
    const identities = new Uint32Array(size);
    identities.set(this.#identities);
    this.#states = states;
    this.#identities = identities;
  }
}

/** Reads a results file written by earlier runs. */
export async function readPriorResults(path: string): Promise<PriorResults> {
  const size = sizeOf(path);
  if (size === undefined) {
    throw new UsageError(`--resume: there is no results file at ${path}.`, 'Give the --results path of the run to resume; without --resume, a new run starts.');
  }
  const prior = new PriorResults();
  for await (const text of splitLines(createReadStream(path))) {
    if (text === undefined || text.trim() === '') continue;
    const record = parseRecord(text);
    if (record) prior.apply(record);
    else prior.unreadable += 1;
  }
  return prior;
}

function parseRecord(text: string): ResultRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<ResultRecord> | null;
    if (value === null || typeof value !== 'object') return undefined;
    if (!Number.isInteger(value.line) || (value.line as number) < 1 || (value.line as number) > maxLine || !recordedStatuses.includes(value.status as RowStatus)) return undefined;
    return value as ResultRecord;
  } catch {
    return undefined;
  }
}

/** FNV-1a over provider, groupRef and consumerRef; never 0, which stands for "not recorded". */
export function identityHash(identity: RowIdentity): number {
  const text = `${identity.provider ?? ''}\u0000${identity.groupRef ?? ''}\u0000${identity.consumerRef ?? ''}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0 || 1;
}
