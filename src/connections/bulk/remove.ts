/**
 * `connections remove --from-results`: removes every connection that bulk
 * imports' results files record as created, as a bulk run of its own: the
 * import's lock, progress, gate (--rate, slowing down on 429) and sender, and a
 * results file of its own that --resume continues (a removed row is never sent
 * again). A DELETE is safe to repeat (a repeat answers 404, which counts as
 * already removed once the project is known to exist), so unlike the import,
 * --resume sends again the rows whose outcome is unknown.
 */
import { join, parse as parsePath, resolve } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { operations } from '../../api/operations.js';
import type { Project } from '../../api/schemas.js';
import type { Context } from '../../context.js';
import { ApiError, BulkImportError, type ExitCode, exitCodes, FileWriteError, type RowProblem, UsageError, type UserError } from '../../errors.js';
import { type Outcome, recordView } from '../../output/view.js';
import type { RowIdentity } from './check.js';
import { connectionsWithKey } from './lookup.js';
import { type Answer, answerOfError } from './outcome.js';
import { type PriorResults, readPriorResults, recordsOf, ResultsLog } from './results.js';
import { hostClock, hostFs } from '../../deps.js';
import type { Clock } from '../../host-clock.js';
import type { FileSystem } from '../../host-fs.js';
import { BulkRun, lockResults } from './run.js';
import { notedRows, type RowToSend, type Sender } from './send.js';
import { countFields, formatCount } from '../../output/count.js';

export interface RemovalInput {
  /** Results files of one import: one file, or one per shard. */
  fromResults: string[];
  /** Where each of fromResults is read: a copy of one given as a pipe (results-copies.ts). */
  readFrom?: string[];
  /** The removal's own results file (default: beside the first, `NAME.removed.jsonl`). */
  results?: string;
  resume: boolean;
  dryRun: boolean;
  yes?: boolean;
  concurrency: number;
  rate?: number;
  /** --project as given on the command line, if it was. */
  project?: string;
  /** Asks once before anything is removed (at a terminal; --yes elsewhere). */
  confirm: (count: number, project: Project) => Promise<void>;
}

/** A connection an import created, or may have: its line in the import's input, its key, and its ID when recorded. */
interface Target {
  line: number;
  identity: RowIdentity;
  connectionId?: string;
  projectId?: string;
}

/** What the checking pass found. */
interface Scan {
  rows: number;
  /** Rows without a connection ID (uncertain, or created by hand without one): looked up by their key. */
  byKey: number;
  /** Removed (or found gone) by an earlier run (--resume): skipped. */
  alreadyDone: number;
  toSend: number;
  projects: Set<string>;
}

export async function removeFromResults(input: RemovalInput, context: Context): Promise<Outcome> {
  const resultsPath = removalResultsPath(input);
  const settings = await context.settings({ project: input.project });
  const api = await context.api(settings, { finishOnInterrupt: true, quietWaits: true });
  // Exit 4 now if no credential is configured, before the files are read.
  api.prepare(operations.getProject, { path: { projectIdOrName: 'check' } });
  const lock = input.dryRun ? undefined : await lockResults(resultsPath, context, 'removal');
  try {
    const fs = hostFs(context.deps);
    if (!input.resume && !input.dryRun) ResultsLog.assertNoRun(fs, resultsPath);
    const prior = input.resume ? await readPriorResults(fs, resultsPath) : undefined;
    const bulk = new BulkRun(context, 'removed');
    const scan = await bulk.checking((onChecked) => scanTargets(fs, input.readFrom ?? input.fromResults, prior, onChecked));
    // An import that created nothing recorded no project either: there is nothing to remove, and no project to ask for.
    if (scan.rows === 0 && scan.projects.size === 0 && input.project === undefined && settings.project.value === undefined) return nothingToRemove(input, resultsPath);
    const { project, note } = await checkProject(api, scan, input.project, settings.project.value);
    if (input.dryRun) return await dryRunOutcome(fs, input, resultsPath, project, prior, note);
    if (scan.toSend > 0) await input.confirm(scan.toSend, project);
    const { sender, seconds, interrupted, logFailure } = await bulk.send(
      { api, project: project.id, resultsPath, resume: input.resume, concurrency: input.concurrency, rate: input.rate, total: scan.toSend, request: (row) => removeOne(api, project.id, row, hostClock(context.deps)) },
      () => rowsToRemove(fs, input.readFrom ?? input.fromResults, prior),
    );
    return summaryOutcome({ input, resultsPath, project, note, scan, sender, seconds, interrupted, stopError: sender.stopError ?? logFailure });
  } finally {
    await api.close();
    lock?.release();
  }
}

/** `customers.results.jsonl` → `customers.results.removed.jsonl`, beside it. */
function removalResultsPath(input: RemovalInput): string {
  const path = input.results ?? defaultPath(input.fromResults[0]!);
  if (input.fromResults.some((given) => resolve(given) === resolve(path))) {
    throw new UsageError('--results must not be one of the results files to remove from.', 'Give another path for the removal\'s results.');
  }
  return path;
}

function defaultPath(first: string): string {
  const { dir, name, ext } = parsePath(first);
  return join(dir, ext === '.jsonl' ? `${name}.removed.jsonl` : `${name}${ext}.removed.jsonl`);
}

/**
 * Every connection the files record as created, and every row whose outcome
 * they do not know, once each, in file order. The files are read as --resume
 * reads them (the last record of a line decides; created stays created).
 */
async function* targetsOf(fs: FileSystem, paths: string[]): AsyncGenerator<Target> {
  for (const path of paths) {
    const needsKey = new LineSet();
    const prior = await readPriorResults(fs, path, (record) => {
      if (record.status === 'created' && (record.connectionId === undefined || record.provider === undefined)) needsKey.add(record.line);
    }, { readOnly: true });
    // The key of a line whose created record lacks one (appended by hand): from its other records, which come before it.
    const keys = new Map<number, RowIdentity>();
    const taken = new LineSet();
    for await (const record of recordsOf(fs, path)) {
      const { line } = record;
      const identity = identityOf(record);
      if (identity && needsKey.has(line) && !keys.has(line)) keys.set(line, identity);
      if (taken.has(line)) continue;
      const state = prior.state(line);
      if (state === 'created' && record.status === 'created') {
        taken.add(line);
        yield { line, identity: identity ?? keys.get(line) ?? {}, ...(record.connectionId !== undefined ? { connectionId: record.connectionId } : {}), ...(record.projectId !== undefined ? { projectId: record.projectId } : {}) };
      } else if ((state === 'uncertain' || state === 'started') && identity) {
        taken.add(line);
        yield { line, identity };
      }
    }
    // Lines only damaged records name: uncertain, with no key to look them up by.
    for (const line of prior.linesIn(['uncertain', 'started'])) if (!taken.has(line)) yield { line, identity: {} };
  }
}

function identityOf(record: RowIdentity): RowIdentity | undefined {
  const { provider, groupRef, consumerRef } = record;
  return provider === undefined && groupRef === undefined && consumerRef === undefined ? undefined : { provider, groupRef, consumerRef };
}

/** The checking pass: counts, the projects recorded, and the refusals that come before anything is sent. */
async function scanTargets(fs: FileSystem, paths: string[], prior: PriorResults | undefined, onChecked: (checked: number) => void): Promise<Scan> {
  const scan: Scan = { rows: 0, byKey: 0, alreadyDone: 0, toSend: 0, projects: new Set() };
  const seen = new LineSet();
  const repeated: number[] = [];
  const mismatched: number[] = [];
  for await (const target of targetsOf(fs, paths)) {
    scan.rows += 1;
    onChecked(scan.rows);
    if (seen.has(target.line)) repeated.push(target.line);
    seen.add(target.line);
    if (target.projectId !== undefined) scan.projects.add(target.projectId);
    const state = prior?.state(target.line) ?? 'none';
    if (prior && state !== 'none' && !prior.matches(target.line, target.identity)) mismatched.push(target.line);
    if (state === 'removed' || state === 'absent') {
      scan.alreadyDone += 1;
      continue;
    }
    if (target.connectionId === undefined) scan.byKey += 1;
    scan.toSend += 1;
  }
  if (repeated.length > 0) {
    throw new UsageError(
      `The results files record line ${repeated.slice(0, 5).join(', ')}${repeated.length > 5 ? ', …' : ''} more than once; nothing was removed.`,
      'Give the results of one import at a time: its one file, or the files of its shards.',
    );
  }
  if (mismatched.length > 0) {
    throw new UsageError(
      `--resume: the removal's results file records other connections for line ${mismatched.slice(0, 5).join(', ')}${mismatched.length > 5 ? ', …' : ''}; nothing was removed.`,
      'Resume with the same results files the removal started with, or give another --results path.',
    );
  }
  return scan;
}

/**
 * The one project the removal works in, checked with one GET before anything
 * is sent: the one the records name, unless --project names another (exit 2);
 * for records that name none (an older ipctl), --project or the default.
 */
async function checkProject(api: ApiClient, scan: Scan, flag: string | undefined, fallback: string | undefined): Promise<{ project: Project; note?: string }> {
  if (scan.projects.size > 1) {
    throw new UsageError(`The results files record connections in ${scan.projects.size} projects (${[...scan.projects].slice(0, 5).join(', ')}); nothing was removed.`, 'Give the results of one import at a time.');
  }
  const recorded = [...scan.projects][0];
  const asked = flag ?? recorded ?? fallback;
  if (asked === undefined) {
    throw new UsageError('The results files record no project, and none is given; nothing was removed.', 'Give --project ID|NAME, the project the import created the connections in.');
  }
  const project = await api.call(operations.getProject, { path: { projectIdOrName: asked } });
  if (recorded !== undefined && project.id !== recorded) {
    throw new UsageError(
      `--project ${flag} is project ${project.id}, but the results files record the connections in project ${recorded}; nothing was removed.`,
      `Leave --project out to remove them from ${recorded}, where they were created.`,
    );
  }
  const note = recorded === undefined && scan.rows > 0 ? `The results files record no project (an older ipctl wrote them): removing from project ${project.name} (${project.id}), the one ${flag === undefined ? 'IPCTL_PROJECT or the profile' : '--project'} gives.` : undefined;
  return { project, note };
}

/** The sending pass: the rows the checking pass counted to send, read again. */
async function* rowsToRemove(fs: FileSystem, paths: string[], prior: PriorResults | undefined): AsyncGenerator<RowToSend> {
  for await (const target of targetsOf(fs, paths)) {
    const state = prior?.state(target.line) ?? 'none';
    if (state === 'removed' || state === 'absent') continue;
    yield { line: target.line, identity: target.identity, ...(target.connectionId !== undefined ? { connectionId: target.connectionId } : {}) };
  }
}

/**
 * The DELETE as a bulk run sends it: the client repeats only a request that
 * never reached the server, and leaves 429, 503 and the rest to the sender,
 * so that every worker slows down together (the gate) as in the import. What
 * the sender records as uncertain, --resume sends again: a DELETE is safe to repeat.
 */
const bulkDelete = { ...operations.deleteConnection, retry: 'beforeSend' as const };

/** One row: its connection looked up by key when no ID is recorded, then removed. A 404 is a connection already gone: the project exists. */
async function removeOne(api: ApiClient, project: string, row: RowToSend, clock: Clock): Promise<Answer> {
  let connectionId = row.connectionId;
  try {
    if (connectionId === undefined) {
      const matches = await connectionsWithKey(api, project, row.identity);
      if (matches === undefined) return { kind: 'failed', problem: { title: 'No connection ID and no provider, group and consumer are recorded for this row: there is nothing to look it up by' } };
      if (matches.length === 0) return { kind: 'absent' };
      const ids = matches.map((match) => match.id ?? '(no ID)');
      if (matches.length > 1 || matches[0]!.id === undefined) return { kind: 'failed', problem: { title: `${formatCount(matches.length)} connections have this row's provider, group and consumer; none was removed`, detail: ids.join(', ') } };
      connectionId = matches[0]!.id;
    }
    await api.call(bulkDelete, { path: { projectIdOrName: project, connectionId } });
    return { kind: 'removed', connectionId };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'absent', ...(connectionId !== undefined ? { connectionId } : {}) };
    return answerOfError(error, clock.now());
  }
}

async function dryRunOutcome(fs: FileSystem, input: RemovalInput, resultsPath: string, project: Project, prior: PriorResults | undefined, note: string | undefined): Promise<Outcome> {
  const rows: Array<{ line: number; connectionId: string | null; provider?: string; groupRef?: string; consumerRef?: string }> = [];
  for await (const row of rowsToRemove(fs, input.readFrom ?? input.fromResults, prior)) rows.push({ line: row.line, connectionId: row.connectionId ?? null, ...row.identity });
  const byKey = rows.filter((row) => row.connectionId === null).length;
  return {
    data: rows,
    view: {
      kind: 'list',
      columns: ['LINE', 'CONNECTION', 'PROVIDER', 'GROUP', 'CONSUMER'],
      rows: rows.map((row) => [row.line, row.connectionId ?? '(looked up by key)', row.provider, row.groupRef, row.consumerRef]),
    },
    messages: [
      ...(note ? [note] : []),
      `Dry run: ${formatCount(rows.length)} ${rows.length === 1 ? 'connection' : 'connections'} would be removed from project ${project.name} (${project.id})${byKey > 0 ? `, ${formatCount(byKey)} of them looked up by key first` : ''}; nothing was sent. The removal's results would go to ${resultsPath}.`,
    ],
  };
}

interface Summary {
  input: RemovalInput;
  resultsPath: string;
  project: Project;
  /** Said when the records name no project. */
  note: string | undefined;
  scan: Scan;
  sender: Sender;
  seconds: number;
  interrupted: boolean;
  stopError: UserError | undefined;
}

function nothingToRemove(input: RemovalInput, resultsPath: string): Outcome {
  const data = { from: input.fromResults, results: resultsPath, project: null, projectFrom: 'results', rows: 0, removed: 0, alreadyRemoved: 0, failed: 0, uncertain: 0, removedBefore: 0, notSent: 0, retries: 0, seconds: 0 };
  return {
    data,
    view: recordView(countFields([['Results', resultsPath], ['Rows', 0], ['Removed', 0]])),
    messages: ['The results files record no connection that was created; nothing to remove, and nothing was sent.'],
  };
}

function summaryOutcome({ input, resultsPath, project, note, scan, sender, seconds, interrupted, stopError }: Summary): Outcome {
  const { counts } = sender;
  const finished = counts.removed + counts.absent + counts.failed + counts.uncertain;
  const data = {
    from: input.fromResults,
    results: resultsPath,
    project: project.id,
    // Where the project came from: the records, or (records of an older ipctl) --project or the default.
    projectFrom: note === undefined ? 'results' : input.project === undefined ? 'default' : '--project',
    rows: scan.rows,
    removed: counts.removed,
    alreadyRemoved: counts.absent,
    failed: counts.failed,
    uncertain: counts.uncertain,
    removedBefore: scan.alreadyDone,
    notSent: Math.max(0, scan.toSend - finished),
    retries: counts.retries,
    seconds: Math.round(seconds * 100) / 100,
  };
  const messages: string[] = [];
  if (stopError) messages.push(`Stopped: ${stopError.message}${stopError.hint ? ` ${stopError.hint}` : ''}`);
  if (sender.unrecorded.length > 0) messages.push(`${formatCount(sender.unrecorded.length)} ${sender.unrecorded.length === 1 ? 'row' : 'rows'} ended after the results file stopped taking records: ${sender.unrecorded.map((row) => `line ${row.line} ${row.status}`).join(', ')}.`);
  if (interrupted) messages.push('Interrupted: the requests in flight had half a second to finish; each is recorded.');
  if (counts.failed > 0) {
    messages.push(`${formatCount(counts.failed)} ${counts.failed === 1 ? 'connection was' : 'connections were'} not removed (status "failed" in ${resultsPath}):`);
    for (const note of sender.failures.slice(0, 5)) messages.push(`  - line ${note.line}: ${[note.problem?.status, note.problem?.title].filter((part) => part !== undefined).join(' ')}${note.problem?.detail ? `: ${note.problem.detail}` : ''}`);
    if (counts.failed > 5) messages.push(`  - …and ${formatCount(counts.failed - 5)} more`);
  }
  if (counts.uncertain > 0) messages.push(`${formatCount(counts.uncertain)} ${counts.uncertain === 1 ? 'row' : 'rows'} got no clear answer (status "uncertain"); a removal is safe to send again.`);
  if (data.notSent > 0 || counts.failed > 0 || counts.uncertain > 0) messages.push('Run the same command with --resume to send the rest; connections already removed are skipped.');
  let exitCode: ExitCode = exitCodes.ok;
  if (counts.failed > 0 || counts.uncertain > 0 || data.notSent > 0) exitCode = exitCodes.failure;
  if (stopError) exitCode = stopError instanceof FileWriteError ? exitCodes.failure : stopError.exitCode;
  if (interrupted) exitCode = exitCodes.interrupted;
  return {
    data,
    view: recordView(countFields([
      ['Results', resultsPath],
      ['Project', `${project.name} (${project.id})`],
      ['Rows', data.rows],
      ['Removed', data.removed],
      ['Already removed', data.alreadyRemoved],
      ['Failed', data.failed],
      ['Uncertain', data.uncertain],
      ...(input.resume ? ([['Removed before', data.removedBefore]] as Array<[string, number]>) : []),
      ['Not sent', data.notSent],
      ['Retries', data.retries],
      ['Time', `${data.seconds} s`],
    ])),
    messages: note ? [note, ...messages] : messages,
    exitCode,
    failure: exitCode === exitCodes.ok ? undefined : removalError(messages, exitCode, sender, interrupted),
  };
}

/** The summary as one problem document under -o json, yaml and ndjson: its rows by line and status. */
function removalError(messages: string[], exitCode: ExitCode, sender: Sender, interrupted: boolean): BulkImportError {
  const rows: RowProblem[] = [
    ...sender.failures.map((note) => ({ line: note.line, status: 'failed', detail: [note.problem?.status, note.problem?.title].filter((part) => part !== undefined).join(' ') })),
    ...sender.uncertainRows.map((note) => ({ line: note.line, status: 'uncertain', detail: note.problem?.title ?? 'no answer' })),
  ].slice(0, notedRows);
  const total = sender.counts.failed + sender.counts.uncertain;
  const [title, ...rest] = messages.filter((message) => !message.startsWith('  - '));
  return new BulkImportError(title ?? 'Not every connection was removed.', exitCode, rest.join('\n') || undefined, interrupted ? 'removal-interrupted' : 'removal-incomplete', rows, Math.max(0, total - rows.length));
}

/** A set of line numbers: a bit a line, grown as needed. */
class LineSet {
  #bits = new Uint8Array(128);

  has(line: number): boolean {
    return ((this.#bits[line >> 3] ?? 0) & (1 << (line & 7))) !== 0;
  }

  add(line: number): void {
    const at = line >> 3;
    if (at >= this.#bits.length) {
      let size = this.#bits.length;
      while (size <= at) size *= 2;
      const bits = new Uint8Array(size);
      bits.set(this.#bits);
      this.#bits = bits;
    }
    this.#bits[at]! |= 1 << (line & 7);
  }
}
