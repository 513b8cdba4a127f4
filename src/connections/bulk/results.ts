/**
 * The results file of a bulk import: one JSON line per event of a row, appended
 * as it happens. A row is marked "started" before its request is sent, and the
 * request goes out only once that record is written in full and synced to the
 * disk; each row then gets one ending record: created, failed, uncertain or
 * invalid. A write that fails (a full disk, a quota, a file-size limit, an I/O
 * error) takes back any part of its record it stored, and nothing is written
 * after it: the run stops, and the file holds whole records only. Reading the
 * file back tells --resume what each line of the input came to; it keeps one
 * byte and one hash per line, never the records themselves.
 */
import { constants } from 'node:fs';
import { kindOf } from '../../path-kind.js';
import { FileWriteError, UsageError } from '../../errors.js';
import type { FileSystem } from '../../host-fs.js';
import { openForWriting, setMode, syncDataSoon, syncFolderOf, truncateTo, writeAll, writeFailureRemedy, writeFailureText, writeSoon } from '../../file-writes.js';
import { GroupCommit } from './commit.js';
import type { RowIdentity } from './check.js';
import { escapedInDocument } from '../../output/outside-text.js';
import { KeyTable } from './duplicates.js';
import { splitLines } from './rows.js';
import { keyDigest } from './shard.js';

/** An import's rows end created, failed, uncertain or invalid; a removal's (connections remove --from-results) removed, absent, failed or uncertain. */
type RowStatus = 'started' | 'created' | 'failed' | 'uncertain' | 'invalid' | 'removed' | 'absent';

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
  /** For created rows: the project the connection was created in (as the service answered). */
  projectId?: string;
  /** For failed and uncertain rows: the API's problem, or what went wrong on the way. */
  problem?: RecordedProblem;
  /** For invalid rows: what is wrong with them. */
  problems?: string[];
  /** How many times the request was sent (more than 1 after 429 or 503 answers). */
  attempts?: number;
  time: string;
}

/** Fields of a record that hold only ipctl's own words: nothing there to scrub. */
const ipctlWords = new Set(['status', 'time']);

/** The results file, open for appending. */
export class ResultsLog {
  readonly path: string;
  readonly #fs: FileSystem;
  readonly #fd: number;
  readonly #scrub: (text: string) => string;
  /** Records queued while a commit is under way go out together in the next write and sync. */
  readonly #commit: GroupCommit<ResultRecord>;
  #closeFailure: FileWriteError | undefined;
  /** Bytes of a last line cut short (a write that never finished) that open() removed: 0 when there was none. */
  cutTail = 0;

  private constructor(fs: FileSystem, path: string, fd: number, scrub: (text: string) => string, size: number) {
    this.#fs = fs;
    this.path = path;
    this.#fd = fd;
    this.#scrub = scrub;
    const file = {
      write: (bytes: Uint8Array) => writeSoon(fs, fd, bytes),
      fdatasync: () => syncDataSoon(fs, fd),
      truncate: async (length: number) => truncateTo(fs, fd, length),
    };
    this.#commit = new GroupCommit(file, size, (error) => this.#failure(error));
  }

  /**
   * Opens the results file. A new run refuses a file that already holds
   * records (re-running it would send its rows twice); --resume needs one.
   * A symbolic link is refused; the file is made 0600, whatever it was.
   */
  static open(fs: FileSystem, path: string, resume: boolean, scrub: (text: string) => string = (text) => text): ResultsLog {
    ResultsLog.assertNoRun(fs, path, resume);
    let fd: number;
    try {
      fd = openForWriting(fs, path, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0), 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw symlinkRefusal(path);
      throw openFailure(path, error);
    }
    try {
      setMode(fs, fd, 0o600);
      const { size, cut } = endWithNewline(fs, fd);
      // A file just created lasts a power loss only once its folder is synced too.
      syncFolderOf(fs, path);
      const log = new ResultsLog(fs, path, fd, scrub, size);
      log.cutTail = cut;
      return log;
    } catch (error) {
      fs.closeSync(fd);
      throw openFailure(path, error);
    }
  }

  /** Refuses a path that is not a regular file, and (unless resuming) a results file that already holds records: a new run over it would send its rows twice. */
  static assertNoRun(fs: FileSystem, path: string, resume = false): void {
    const size = sizeOf(fs, path);
    if (!resume && size !== undefined && size > 0) {
      throw new UsageError(
        `--results: ${path} already holds the results of a run.`,
        'Give --resume to continue that run (rows it created are skipped), or choose another --results path.',
      );
    }
  }

  /** The first write (or sync) that failed; nothing is written after it. */
  get failure(): FileWriteError | undefined {
    return (this.#commit.failure as FileWriteError | undefined) ?? this.#closeFailure;
  }

  /** The records given that never reached the file, because a write failed before them (or stored only part of them). */
  get unstored(): readonly ResultRecord[] {
    return this.#commit.lost;
  }

  /**
   * Queues records for the next commit (one write and one sync for all that
   * are queued meanwhile); nobody need wait on them. What a server said in
   * them is scrubbed of the run's credentials, and their control characters
   * are written as JSON escapes. Rejects with a FileWriteError when they
   * cannot be written or synced; a failed write keeps the records it stored in
   * full, takes back the part of the next one, and the rest are `unstored`.
   */
  append(records: ResultRecord[]): Promise<void> {
    return this.#commit.add(records.map((record) => this.#text(record)), records);
  }

  /**
   * Queues a row's "started" record, after the ending records given (other
   * rows', in the same write), and resolves once the fdatasync covering them
   * has returned; only then may its request be sent. Rejects when they cannot
   * be written or synced.
   */
  started(record: ResultRecord, endings: ResultRecord[] = []): Promise<void> {
    return this.append(endings.length === 0 ? [record] : [...endings, record]);
  }

  /**
   * Scrubbed of the run's credentials field by field: the record's texts are
   * short, and the scrubber's search over each whole record was the costliest
   * step of writing one. ipctl's own words (status, time) and numbers are left
   * alone; every other text is scrubbed, the row's identity too, for a
   * credential placed in a groupRef or consumerRef column by mistake is still
   * a credential. A record with a problem is scrubbed whole.
   */
  #text(record: ResultRecord): string {
    if (record.problem !== undefined || record.problems !== undefined) return `${this.#scrub(escapedInDocument(JSON.stringify(record)))}\n`;
    const scrubbed: Record<string, unknown> = {};
    for (const key of Object.keys(record) as Array<keyof ResultRecord>) {
      const value = record[key];
      scrubbed[key] = typeof value === 'string' && !ipctlWords.has(key) ? this.#scrub(value) : value;
    }
    return `${escapedInDocument(JSON.stringify(scrubbed))}\n`;
  }

  /** Writes and syncs what is still queued, and closes the file. */
  async close(): Promise<void> {
    await this.#commit.drained();
    try {
      this.#fs.closeSync(this.#fd);
    } catch (error) {
      // Some file systems report a failed write only when the file is closed.
      this.#closeFailure ??= this.#failure(error);
    }
  }

  #failure(error: unknown): FileWriteError {
    return new FileWriteError(
      `Cannot write the results file ${this.path}: ${writeFailureText(error)}.`,
      `${writeFailureRemedy(error)}, then run the same command with --resume; rows already created are skipped.`,
      (error as NodeJS.ErrnoException).code,
    );
  }
}

function symlinkRefusal(path: string): UsageError {
  return new UsageError(`--results: ${path} is a symbolic link; ipctl does not follow one there.`, 'Give the path of the file itself.');
}

function openFailure(path: string, error: unknown): FileWriteError {
  const code = (error as NodeJS.ErrnoException).code;
  const remedy = code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'Give a path in a folder you can write to' : writeFailureRemedy(error);
  return new FileWriteError(`--results: cannot write ${path}: ${writeFailureText(error)}; nothing was sent.`, `${remedy}, then run the same command again.`, code);
}

function sizeOf(fs: FileSystem, path: string): number | undefined {
  let stats;
  try {
    stats = fs.lstatSync(path);
  } catch {
    return undefined;
  }
  if (stats.isSymbolicLink()) throw symlinkRefusal(path);
  // A pipe would hold the records up or take them away, and neither a device nor a socket keeps them.
  if (!stats.isFile()) throw new UsageError(`--results: ${path} is ${kindOf(stats)}; ipctl appends the records to a regular file and syncs them to the disk.`, 'Give the path of a regular file (it is created if it does not exist).');
  return stats.size;
}

/** The length of the file up to and including its last newline: its whole records. */
function wholeRecordsLength(fs: FileSystem, fd: number): number {
  let end = fs.fstatSync(fd).size;
  const chunk = Buffer.alloc(4096);
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const read = fs.readSync(fd, chunk, 0, end - start, start);
    const newline = chunk.subarray(0, read).lastIndexOf(10);
    if (newline !== -1) return start + newline + 1;
    end = start;
  }
  return 0;
}

/** A last line without its newline longer than this is not read: it is taken for a write cut short. */
const maxTailBytes = 1024 * 1024;

/**
 * The last line of a results file when it has no newline, or undefined. It is
 * a record when it parses as one (appended by hand with printf or an editor
 * that adds no final newline), blank when it holds only spaces and NULs, and
 * otherwise a record cut short by a write that never returned, whose request
 * was never sent.
 */
function unterminatedTail(fs: FileSystem, fd: number): { start: number; kind: 'record' | 'blank' | 'cut' } | undefined {
  const size = fs.fstatSync(fd).size;
  const start = wholeRecordsLength(fs, fd);
  if (start === size) return undefined;
  if (size - start > maxTailBytes) return { start, kind: 'cut' };
  const bytes = Buffer.alloc(size - start);
  fs.readSync(fd, bytes, 0, bytes.length, start);
  const text = bytes.toString('utf8').replace(/\u0000+/g, '');
  if (text.trim() === '') return { start, kind: 'blank' };
  return { start, kind: parseRecord(text) ? 'record' : 'cut' };
}

/**
 * Makes the file end with a newline before anything is appended: a last line
 * that is a record or blank gets its newline; one cut short is removed (how
 * many bytes: `cut`). Returns the file's size then.
 */
function endWithNewline(fs: FileSystem, fd: number): { size: number; cut: number } {
  const size = fs.fstatSync(fd).size;
  const tail = unterminatedTail(fs, fd);
  if (!tail) return { size, cut: 0 };
  if (tail.kind === 'cut') {
    truncateTo(fs, fd, tail.start);
    return { size: tail.start, cut: size - tail.start };
  }
  writeAll(fs, fd, '\n');
  return { size: size + 1, cut: 0 };
}

/** What a line of the input came to in earlier runs. `started` alone means the process died with it in flight. */
export type PriorState = 'none' | 'created' | 'failed' | 'invalid' | 'uncertain' | 'started' | 'removed' | 'absent';

const stateCodes: PriorState[] = ['none', 'created', 'failed', 'invalid', 'uncertain', 'started', 'removed', 'absent'];
const recordedStatuses: RowStatus[] = ['started', 'created', 'failed', 'uncertain', 'invalid', 'removed', 'absent'];
/** States no later record undoes: a connection created, or one gone. */
const finalStates: PriorState[] = ['created', 'removed', 'absent'];
function isSent(status: RowStatus): boolean {
  return status === 'created' || status === 'started' || status === 'uncertain';
}

/** Five bytes are kept per line up to the highest recorded; a damaged record must not ask for gigabytes. */
const maxLine = 20_000_000;

/**
 * Earlier runs' outcome per input line: one byte of state and a 32-bit identity
 * hash per line; and, for an import, per key (group, consumer, provider), so
 * that a connection created from one line is not sent again from another.
 */
export class PriorResults {
  #states = new Uint8Array(1024);
  #identities = new Uint32Array(1024);
  /** Each key's state code, as a line's: created stays created. Only when asked for (an import's --resume). */
  readonly #keys: KeyTable | undefined;
  /** Lines a sent record names without a key (written by hand), with the furthest state such a record gives: few. */
  readonly #unnamed = new Map<number, PriorState>();
  /** Damaged lines of the results file (not its unterminated last one) that name no line of the input; each may be a row that was sent. */
  unreadable = 0;
  /** The first few of them, by their line in the results file. */
  readonly unreadableAt: number[] = [];
  /** Sees each record as it is applied (connections report reads the keys). */
  readonly #onRecord: ((record: ResultRecord) => void) | undefined;

  constructor(onRecord?: (record: ResultRecord) => void, keys = false) {
    this.#onRecord = onRecord;
    this.#keys = keys ? new KeyTable() : undefined;
  }

  state(line: number): PriorState {
    return stateCodes[this.#states[line] ?? 0] ?? 'none';
  }

  /** Whether `identity` is the one recorded for `line` (true when none was recorded). */
  matches(line: number, identity: RowIdentity): boolean {
    const recorded = this.#identities[line] ?? 0;
    return recorded === 0 || recorded === identityHash(identity);
  }

  apply(record: ResultRecord): void {
    this.#onRecord?.(record);
    this.#grow(record.line);
    // An invalid row was never sent: what it names is not a connection.
    if (record.status !== 'invalid') this.claim(record, record.status);
    if (isSent(record.status) && record.groupRef === undefined && record.consumerRef === undefined && record.provider === undefined && this.#unnamed.get(record.line) !== 'created') {
      this.#unnamed.set(record.line, record.status);
    }
    const current = this.state(record.line);
    // Once created, always created: a later record cannot undo a connection (nor bring back a removed one).
    if (finalStates.includes(current)) return;
    this.#states[record.line] = stateCodes.indexOf(record.status);
    if (record.status !== 'invalid' && (record.groupRef !== undefined || record.provider !== undefined)) this.#identities[record.line] = identityHash(record);
  }

  /** Records `state` for a key (a record's, or the row on a line whose record names none); created stays created. */
  claim(identity: RowIdentity, state: PriorState): void {
    const digest = this.#keys && keyDigest(identity);
    if (!digest) return;
    const code = stateCodes.indexOf(state);
    const kept = this.#keys!.firstOrAdd(digest, [code]);
    if (kept && !finalStates.includes(stateCodes[kept[0]!]!)) kept[0] = code;
  }

  /** What the records say of a key, whichever line it was on: `none` when nothing (or when keys are not kept). */
  keyState(identity: RowIdentity): PriorState {
    return this.#keys ? this.keyStateOf(keyDigest(identity)) : 'none';
  }

  /** keyState, for a key already hashed (keyDigest). */
  keyStateOf(digest: Buffer | undefined): PriorState {
    if (!digest || !this.#keys) return 'none';
    const kept = this.#keys.find(digest);
    return kept ? stateCodes[kept[0]!] ?? 'none' : 'none';
  }

  /** The lines a sent record (created, started, uncertain) names without a key, written by hand, and what that record says. */
  sentLinesWithoutKey(): ReadonlyMap<number, PriorState> {
    return this.#unnamed;
  }

  /** The lines that came to one of `states`, in order. */
  *linesIn(states: PriorState[]): Generator<number> {
    const codes = states.map((state) => stateCodes.indexOf(state));
    for (let line = 1; line < this.#states.length; line++) if (codes.includes(this.#states[line]!)) yield line;
  }

  /** How many lines of the input came to each state (the lines no record names are left out). */
  tally(): Record<Exclude<PriorState, 'none'>, number> {
    const counts = { created: 0, failed: 0, invalid: 0, uncertain: 0, started: 0, removed: 0, absent: 0 };
    for (const code of this.#states) {
      const state = stateCodes[code] ?? 'none';
      if (state !== 'none') counts[state] += 1;
    }
    return counts;
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

/**
 * Reads a results file written by earlier runs. Its unterminated last line, if
 * any, is a record when it parses as one (appended by hand without a final
 * newline); otherwise it is a record whose write never returned (the process
 * died inside it, or the write failed and the run stopped): its request was
 * never sent, and it is ignored. A damaged line anywhere else may be a record of a request that
 * was sent: each input line it names counts as started, and one that names
 * none is counted in `unreadable`, for the caller to refuse.
 */
export async function readPriorResults(fs: FileSystem, path: string, onRecord?: (record: ResultRecord) => void, options: { keys?: boolean; readOnly?: boolean } = {}): Promise<PriorResults> {
  // Files only read (connections report, remove --from-results) were checked by their command, and are read through a link.
  if (options.readOnly) return readRecords(fs, path, onRecord, options.keys === true);
  const size = sizeOf(fs, path);
  if (size === undefined) {
    throw new UsageError(`--resume: there is no results file at ${path}.`, 'Give the --results path of the run to resume; without --resume, a new run starts.');
  }
  try {
    return await readRecords(fs, path, onRecord, options.keys === true);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new UsageError(`--resume: cannot read ${path} (${code}); nothing was sent.`, 'Check the file and the disk, then run the same command again.');
  }
}

async function readRecords(fs: FileSystem, path: string, onRecord: ((record: ResultRecord) => void) | undefined, keys: boolean): Promise<PriorResults> {
  const torn = unterminatedTailOf(fs, path);
  const prior = new PriorResults(onRecord, keys);
  let held: { text: string | undefined; at: number } | undefined;
  let at = 0;
  for await (const text of splitLines(fs.createReadStream(path))) {
    at += 1;
    if (held) readLine(prior, held.text, held.at);
    held = { text, at };
  }
  // An unterminated last line is read only when it is a whole record; cut short, it was never sent.
  if (held && torn !== 'cut') readLine(prior, held.text, held.at);
  return prior;
}

function unterminatedTailOf(fs: FileSystem, path: string): 'record' | 'blank' | 'cut' | undefined {
  const fd = fs.openSync(path, 'r');
  try {
    return unterminatedTail(fs, fd)?.kind;
  } finally {
    fs.closeSync(fd);
  }
}

/** The whole records of a results file, in order; damaged lines and an unterminated last line are left out (readPriorResults says what they mean). */
export async function* recordsOf(fs: FileSystem, path: string): AsyncGenerator<ResultRecord> {
  for await (const raw of splitLines(fs.createReadStream(path))) {
    const record = raw === undefined ? undefined : parseRecord(raw.replace(/\u0000+/g, ''));
    if (record) yield record;
  }
}

function readLine(prior: PriorResults, raw: string | undefined, at: number): void {
  // NUL bytes are space the file system gave the file whose data never reached the disk (a power loss): no record.
  const text = raw?.replace(/\u0000+/g, '');
  if (text !== undefined && text.trim() === '') return;
  const record = text === undefined ? undefined : parseRecord(text);
  if (record) return prior.apply(record);
  const named = text === undefined ? [] : namedLines(text);
  for (const line of named) prior.apply({ line, status: 'started', time: '' });
  if (named.length > 0) return;
  prior.unreadable += 1;
  if (prior.unreadableAt.length < 5) prior.unreadableAt.push(at);
}

/** The input lines a damaged line names: every `{"line":N` in it, as records begin. */
function namedLines(text: string): number[] {
  return [...text.matchAll(/\{"line":(\d{1,8})[,}]/g)].map((match) => Number(match[1])).filter((line) => line >= 1 && line <= maxLine);
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
function identityHash(identity: RowIdentity): number {
  const text = `${identity.provider ?? ''}\u0000${identity.groupRef ?? ''}\u0000${identity.consumerRef ?? ''}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0 || 1;
}
