/**
 * `connections generate --from-file`: one connection per row of a JSONL or CSV
 * file. Two passes over the input, each streaming one row at a time: the first
 * checks every row (nothing is sent while any is invalid, unless
 * --skip-invalid), the second sends them. See docs/commands/connections-bulk.md.
 */
import { parse as parsePath, join, resolve } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { operations } from '../../api/operations.js';
import type { Context } from '../../context.js';
import { hostFs } from '../../deps.js';
import { ApiError, BulkImportError, type ExitCode, exitCodes, FileWriteError, InterruptedError, type RowProblem, UsageError, UserError } from '../../errors.js';
import { capitalize } from '../../words.js';
import { type Outcome, type RecordView, recordView } from '../../output/view.js';
import { type ProviderLookup, providerLookup } from '../providers.js';
import { type CheckedRow, checkRow, type RowDefaults } from './check.js';
import { connectionsWithKey } from './lookup.js';
import { type PriorResults, type PriorState, readPriorResults, ResultsLog } from './results.js';
import { BulkRun, lockResults } from './run.js';
import { formatOf, type RowFormat, readRows } from './rows.js';
import { KeyTable } from './duplicates.js';
import { RowSelection } from './selection.js';
import { keyDigest, type Shard } from './shard.js';
import { notedRows, type RowToSend, type Sender } from './send.js';
import { lineCount, openSource, type RowSource } from './source.js';
import { countFields, formatCount } from '../../output/count.js';

export interface BulkInput {
  fromFile: string;
  format?: RowFormat;
  concurrency: number;
  /** At most this many requests a second (--rate); none: as fast as the concurrency and the service allow. */
  rate?: number;
  results?: string;
  resume: boolean;
  retryUncertain: boolean;
  skipInvalid: boolean;
  dryRun: boolean;
  project?: string;
  defaults: RowDefaults;
  /** --shard: only the rows whose key falls in this shard. */
  shard?: Shard;
  /** --allow-duplicates: rows with the same group, consumer and provider are all sent. */
  allowDuplicates: boolean;
}

/** What the checking pass found. */
interface CheckReport {
  rows: number;
  valid: number;
  invalid: InvalidRows;
  /** Created by an earlier run (--resume): skipped. */
  alreadyCreated: number;
  /** Sent by an earlier run that never learned the outcome, and not to be sent again (no --retry-uncertain). */
  keptUncertain: number;
  keptUncertainLines: number[];
  /** Rows this run sends. */
  toSend: number;
  /** Rows that belong to other shards (--shard): checked for their key, then left alone; not counted in `rows`. */
  otherShards: number;
  /** Uncertain rows (--retry-uncertain) whose connection exists: recorded as created, not sent. */
  found: number;
}

export async function importConnections(input: BulkInput, context: Context): Promise<Outcome> {
  const settings = await context.settings({ project: input.project });
  const project = settings.project.value;
  if (!project) throw new UsageError("No project given. Give --project ID|NAME, or set IPCTL_PROJECT or the profile's project (ipctl profile add NAME --project ID).");
  const format = input.format ?? formatOf(input.fromFile);
  if (!format) {
    throw new UsageError(`--format: cannot tell the format of ${input.fromFile === '-' ? 'stdin' : input.fromFile} from its name.`, 'Give --format jsonl or --format csv.');
  }
  const resultsPath = resultsPathFor(input);
  const api = await context.api(settings, { finishOnInterrupt: true, quietWaits: true });
  // Exit 4 now if no API key is configured, before the input is read.
  api.prepare(operations.generateConnection, { path: { projectIdOrName: project } });
  // One run per results file, for the whole run: the results are read and written only under its lock.
  const lock = resultsPath && !input.dryRun ? await lockResults(resultsPath, context) : undefined;
  let source: RowSource;
  try {
    source = await openSource(hostFs(context.deps), input.fromFile, context.deps.stdin, '--from-file', context.deps.signal);
  } catch (error) {
    lock?.release();
    throw error;
  }
  let prior: PriorResults | undefined;
  try {
    // Both refusals come before the input is read: starting over a run's results, or resuming without them.
    if (resultsPath && !input.resume && !input.dryRun) ResultsLog.assertNoRun(hostFs(context.deps), resultsPath);
    prior = input.resume && resultsPath ? await readPriorResults(hostFs(context.deps), resultsPath, undefined, { keys: true }) : undefined;
    if (prior && prior.unreadable > 0 && !input.retryUncertain) throw damagedResultsError(resultsPath as string, prior);
  } catch (error) {
    await source.close();
    lock?.release();
    throw error;
  }
  try {
    return await runImport({ input, context, api, project, format, resultsPath, prior, source, keys: new KeyTable(), found: new Map(), unnamed: new Set() });
  } finally {
    await source.close();
    await api.close();
    lock?.release();
  }
}

interface Run {
  input: BulkInput;
  context: Context;
  api: ApiClient;
  project: string;
  format: RowFormat;
  resultsPath: string | undefined;
  prior: PriorResults | undefined;
  source: RowSource;
  /** The keys of the rows (group, consumer, provider), filled by the first pass and read by the second. */
  keys: KeyTable;
  /** Lines created by earlier runs whose record names no key (written by hand): the second pass records the key of the row there now. */
  unnamed: Set<number>;
  /** With --retry-uncertain: the uncertain rows whose connection the first pass found, by line; the second pass records them as created. */
  found: Map<number, { connectionId?: string; projectId?: string } | undefined>;
}

async function runImport(run: Run): Promise<Outcome> {
  const { input, context } = run;
  const lookUp = providerLookup(run.api);
  const bulk = new BulkRun(context);
  run.keys.reserve(expectedKeys(await lineCount(run.source), input.shard));
  const report = await bulk.checking((onChecked) => checkAll(run, lookUp, onChecked));
  if (report.invalid.count > 0 && !input.skipInvalid) throw invalidRowsError(report, input.shard ? `${run.source.name} (shard ${input.shard.index} of ${input.shard.total})` : run.source.name);
  if (input.dryRun) return dryRunOutcome(run, report);
  // A credential a row: the scrubber's fingerprints are made at their size too.
  context.scrubber.reserve(report.toSend);

  const { sender, seconds, interrupted, logFailure } = await bulk.send(
    { api: run.api, project: run.project, resultsPath: run.resultsPath as string, resume: input.resume, concurrency: input.concurrency, rate: input.rate, total: report.toSend + report.invalid.count + report.found },
    (sender) => rowsToSend(run, lookUp, sender),
  );
  return summaryOutcome(run, report, sender, seconds, interrupted, logFailure);
}

/** The keys a shard's table will hold: its share of the lines, and a little more, as keys do not split evenly. */
function expectedKeys(lines: number, shard: Shard | undefined): number {
  return shard === undefined ? lines : Math.ceil((lines / shard.total) * 1.05);
}

/** Damaged records that name no row: any of them may be a row whose request was sent. */
function damagedResultsError(path: string, prior: PriorResults): UsageError {
  const count = prior.unreadable;
  return new UsageError(
    `--resume: ${formatCount(count)} ${count === 1 ? 'line' : 'lines'} of ${path} ${count === 1 ? 'is' : 'are'} damaged and name${count === 1 ? 's' : ''} no row (line${count === 1 ? '' : 's'} ${prior.unreadableAt.join(', ')}${count > prior.unreadableAt.length ? ', …' : ''}); a row ${count === 1 ? 'it was' : 'they were'} about may have been sent. Nothing was sent.`,
    'Look at those lines and remove them once you know their rows were not created, or give --retry-uncertain to resume anyway (rows not recorded are then sent).',
  );
}

/** The first pass: every row checked, nothing kept but counts and a bounded report. */
async function checkAll(run: Run, lookUp: ProviderLookup, onProgress: (checked: number) => void): Promise<CheckReport> {
  const { input, prior, context } = run;
  const report: CheckReport = { rows: 0, valid: 0, invalid: new InvalidRows(), alreadyCreated: 0, keptUncertain: 0, keptUncertainLines: [], toSend: 0, otherShards: 0, found: 0 };
  // The first few lines that differ, and how many do: bounded however many rows there are.
  const mismatches: string[] = [];
  let mismatched = 0;
  if (prior) await claimUnnamedKeys(run, prior, lookUp);
  const selection = new RowSelection(input, run.keys);
  for await (const row of readRows(run.source.open(), run.format)) {
    if (context.deps.signal?.aborted) throw new InterruptedError('Interrupted while checking the rows; nothing was sent.');
    const checked = selection.take(await checkRow(row, input.defaults, lookUp));
    report.otherShards = selection.elsewhere;
    if (!checked) continue;
    report.rows += 1;
    onProgress(report.rows);
    const state = priorState(prior, checked, selection);
    // The line's own record, not its key's: a line sent before must still hold what was sent.
    if (checked.ok && prior && isSentState(prior.state(row.line)) && !prior.matches(row.line, checked.identity)) {
      mismatched += 1;
      if (mismatches.length < 5) mismatches.push(`line ${row.line}: the results file records another connection (provider, groupRef or consumerRef) for this line.`);
    }
    if (state === 'created') {
      report.alreadyCreated += 1;
      continue;
    }
    // Whatever the row holds now, it may exist already: it stays as it is unless --retry-uncertain, and then it is
    // sent again only when no connection has its key (one that does is recorded as created; more than one stays uncertain).
    if (state === 'uncertain' || state === 'started') {
      const matches = input.retryUncertain ? await connectionsWithKey(run.api, run.project, checked.identity) : undefined;
      if (matches?.length === 1) {
        report.found += 1;
        run.found.set(row.line, { connectionId: matches[0]!.id, projectId: matches[0]!.projectId });
        continue;
      }
      if (!input.retryUncertain || (matches && matches.length > 1)) {
        if (input.retryUncertain) run.found.set(row.line, undefined);
        report.keptUncertain += 1;
        if (report.keptUncertainLines.length < notedRows) report.keptUncertainLines.push(row.line);
        continue;
      }
    }
    if (!checked.ok) {
      report.invalid.add(checked);
      continue;
    }
    report.valid += 1;
    report.toSend += 1;
  }
  if (mismatched > 0) {
    const more = mismatched - mismatches.length;
    throw new UsageError(
      `--resume: ${run.resultsPath} does not record this input (${mismatched} ${mismatched === 1 ? 'line differs' : 'lines differ'}); nothing was sent:`,
      'Resume with the same file the run started with (same rows on the same lines), or start a new run with another --results path.',
      more > 0 ? [...mismatches, `…and ${formatCount(more)} more`] : mismatches,
    );
  }
  return report;
}

function isSentState(state: PriorState): boolean {
  return state === 'created' || state === 'started' || state === 'uncertain';
}

/**
 * What earlier runs came to for a row: its line's record, or its key's, on
 * whatever line that was (the row was moved, or another row edited to hold
 * it), whichever is further along: a key created is never sent again, and one
 * sent without a clear answer stays uncertain. A row repeating an earlier
 * row's key keeps its line's record only: it is a repeat, invalid unless its
 * own line was sent before.
 */
function priorState(prior: PriorResults | undefined, checked: CheckedRow, selection: RowSelection): PriorState {
  if (!prior) return 'none';
  const byLine = prior.state(checked.line);
  if (selection.repeated) return byLine;
  // The key take() hashed for this row.
  const byKey = prior.keyStateOf(selection.digest);
  return progress(byKey) > progress(byLine) ? byKey : byLine;
}

function progress(state: PriorState): number {
  if (state === 'created') return 2;
  return state === 'started' || state === 'uncertain' ? 1 : 0;
}

/**
 * Records written by hand (`{"line":57,"status":"created"}`) name a line, not
 * a key: the row on that line now gives it, before any row is decided, so that
 * an earlier line holding the same key is not sent either; a created one's key
 * is then written down (see rowsToSend), so that it holds once rows move.
 */
async function claimUnnamedKeys(run: Run, prior: PriorResults, lookUp: ProviderLookup): Promise<void> {
  const unnamed = prior.sentLinesWithoutKey();
  if (unnamed.size === 0) return;
  for await (const row of readRows(run.source.open(), run.format)) {
    const state = unnamed.get(row.line);
    if (state === undefined) continue;
    const { identity } = await checkRow(row, run.input.defaults, lookUp);
    // Written down once: a later run finds the key in the record this one writes.
    if (state === 'created' && prior.keyState(identity) !== 'created') run.unnamed.add(row.line);
    prior.claim(identity, state);
  }
}

/** The second pass: the rows to send, read again and checked again (the same checks, so the same result). */
async function* rowsToSend(run: Run, lookUp: ProviderLookup, sender: Sender): AsyncGenerator<RowToSend> {
  const { input, prior } = run;
  const selection = new RowSelection(input, run.keys);
  for await (const row of readRows(run.source.open(), run.format)) {
    // Every row is checked and selected as in the first pass, those created before too, so that both passes decide alike.
    const checked: CheckedRow | undefined = selection.take(await checkRow(row, input.defaults, lookUp));
    if (!checked) continue;
    const state = priorState(prior, checked, selection);
    if (run.unnamed.has(row.line) && keyDigest(checked.identity)) sender.recordKeyOf({ line: checked.line, identity: checked.identity });
    if (state === 'created') continue;
    if (run.found.has(row.line)) {
      // Found by its key in the first pass: recorded as created, not sent; several found: left uncertain.
      const found = run.found.get(row.line);
      if (found) sender.settle({ line: checked.line, identity: checked.identity }, { kind: 'created', ...found });
      continue;
    }
    if ((state === 'uncertain' || state === 'started') && !input.retryUncertain) continue;
    if (!checked.ok) {
      // The first pass found it too (so --skip-invalid was given), unless the file changed since.
      sender.recordInvalid(checked);
      continue;
    }
    yield { line: checked.line, body: checked.body, identity: checked.identity };
  }
}

/**
 * Invalid rows, for the report: each distinct problem once, with the first
 * lines that have it and how many more do. Bounded however many rows there are.
 */
class InvalidRows {
  count = 0;
  readonly #problems = new Map<string, { lines: number[]; count: number }>();
  #otherProblems = 0;

  add(row: CheckedRow & { ok: false }): void {
    this.count += 1;
    for (const problem of row.problems) {
      let entry = this.#problems.get(problem);
      if (!entry) {
        if (this.#problems.size >= maxDistinctProblems) {
          this.#otherProblems += 1;
          continue;
        }
        entry = { lines: [], count: 0 };
        this.#problems.set(problem, entry);
      }
      entry.count += 1;
      if (entry.lines.length < linesPerProblem) entry.lines.push(row.line);
    }
  }

  lines(): string[] {
    const lines = [...this.#problems.entries()].map(([problem, { lines: where, count }]) => {
      const more = count - where.length;
      const named = where.length === 1 && more === 0 ? `line ${where[0]}` : `lines ${where.join(', ')}${more > 0 ? ` and ${formatCount(more)} more` : ''}`;
      return `${named}: ${problem}`;
    });
    if (this.#otherProblems > 0) lines.push(`…and ${formatCount(this.#otherProblems)} other problems`);
    return lines;
  }
}

const maxDistinctProblems = 30;
const linesPerProblem = 5;

function invalidRowsError(report: CheckReport, name: string): UsageError {
  const { count } = report.invalid;
  return new UsageError(
    `${formatCount(count)} of ${formatCount(report.rows)} rows in ${name} ${count === 1 ? 'is' : 'are'} invalid; nothing was sent:`,
    'Fix them and run the command again, or give --skip-invalid to send the valid rows and record the invalid ones in the results file.',
    report.invalid.lines(),
  );
}

function resultsPathFor(input: BulkInput): string | undefined {
  if (input.results !== undefined) {
    if (input.fromFile !== '-' && resolve(input.results) === resolve(input.fromFile)) {
      throw new UsageError('--results must not be the input file itself.', 'Give another path for the results.');
    }
    return input.results;
  }
  if (input.fromFile === '-') {
    if (input.dryRun) return undefined;
    throw new UsageError('--results PATH is needed with --from-file -: the results file is what --resume continues from.', 'For example: --results import.results.jsonl');
  }
  const { dir, name } = parsePath(input.fromFile);
  // Each shard its own file, so that the jobs of a matrix sharing a folder do not wait on one lock.
  return join(dir, input.shard ? `${name}.shard-${input.shard.index}-of-${input.shard.total}.results.jsonl` : `${name}.results.jsonl`);
}

function dryRunOutcome(run: Run, report: CheckReport): Outcome {
  const data = {
    dryRun: true,
    input: run.source.name,
    format: run.format,
    project: run.project,
    rows: report.rows,
    valid: report.valid,
    invalid: report.invalid.count,
    alreadyCreated: report.alreadyCreated,
    uncertain: report.keptUncertain,
    ...(run.input.retryUncertain ? { foundByKey: report.found } : {}),
    toSend: report.toSend,
    ...shardData(run.input, report),
  };
  const messages = report.invalid.count > 0 ? [`${formatCount(report.invalid.count)} invalid ${report.invalid.count === 1 ? 'row' : 'rows'} would be skipped and recorded:`, ...report.invalid.lines().map((line) => `  - ${line}`)] : [];
  return {
    data,
    view: runView(run, [
      ...shardFields(run.input, report),
      ['Rows', report.rows],
      ['Valid', report.valid],
      ['Invalid', report.invalid.count],
      ...(run.prior ? ([['Already created', report.alreadyCreated], ['Uncertain (not sent)', report.keptUncertain]] as Array<[string, number]>) : []),
      ...(run.input.retryUncertain ? ([['Uncertain, found by key', report.found]] as Array<[string, number]>) : []),
      ['Would send', report.toSend],
    ]),
    messages: [...messages, `Dry run: ${formatCount(report.toSend)} ${report.toSend === 1 ? 'connection' : 'connections'} would be created; nothing was sent.`],
  };
}

function summaryOutcome(run: Run, report: CheckReport, sender: Sender, seconds: number, interrupted: boolean, logFailure: FileWriteError | undefined): Outcome {
  const { counts } = sender;
  const stopError = sender.stopError ?? logFailure;
  const finished = counts.created + counts.failed + counts.uncertain + counts.invalid;
  const uncertain = counts.uncertain + report.keptUncertain;
  const data = {
    input: run.source.name,
    format: run.format,
    project: run.project,
    results: run.resultsPath,
    rows: report.rows,
    created: counts.created,
    failed: counts.failed,
    uncertain,
    invalid: counts.invalid,
    alreadyCreated: report.alreadyCreated,
    // Rows this run was to send or record, and did not: it stopped first.
    notSent: Math.max(0, report.toSend + report.invalid.count + report.found - finished),
    ...(run.input.retryUncertain ? { foundByKey: report.found } : {}),
    retries: counts.retries,
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: seconds > 0 ? Math.round(finished / seconds) : finished,
    ...shardData(run.input, report),
  };
  const parts = summaryParts(run, report, sender, data.notSent, interrupted, stopError);
  let exitCode: ExitCode = exitCodes.ok;
  if (counts.failed > 0 || uncertain > 0 || counts.invalid > 0 || data.notSent > 0) exitCode = exitCodes.failure;
  // A results file that cannot be written ends the run as rows not created do: exit 1, and the summary says what was done.
  if (stopError) exitCode = stopError instanceof FileWriteError ? exitCodes.failure : stopError.exitCode;
  if (interrupted) exitCode = exitCodes.interrupted;
  return {
    data,
    view: runView(run, [
      ['Results', run.resultsPath],
      ...shardFields(run.input, report),
      ['Rows', data.rows],
      ['Created', data.created],
      ['Failed', data.failed],
      ['Uncertain', data.uncertain],
      ['Invalid (skipped)', data.invalid],
      ...(run.prior ? ([['Already created', data.alreadyCreated]] as Array<[string, number]>) : []),
      ...(run.input.retryUncertain ? ([['Uncertain, found by key', report.found]] as Array<[string, number]>) : []),
      ['Not sent', data.notSent],
      ['Retries', data.retries],
      ['Time', `${data.seconds} s (${formatCount(data.rowsPerSecond)} rows/s)`],
    ]),
    messages: parts.flatMap((part) => (part.list ? [`${part.text}:`, ...part.list.map((line) => `  - ${line}`)] : [part.more ? `${part.text} ${part.more}` : part.text])),
    exitCode,
    failure: exitCode === exitCodes.ok ? undefined : importError(parts, exitCode, report, sender),
  };
}

/** With --shard: which shard the run took, and how many rows of the file it left to the others. */
function shardData(input: BulkInput, report: CheckReport): { shard?: string; otherShards?: number } {
  return input.shard ? { shard: `${input.shard.index}/${input.shard.total}`, otherShards: report.otherShards } : {};
}

function shardFields(input: BulkInput, report: CheckReport): RecordView['fields'] {
  return input.shard ? [['Shard', `${input.shard.index} of ${input.shard.total}`], ['Other shards\' rows', report.otherShards]] : [];
}

/** The table of a run, dry or not: the input it read and the project it creates in, then the given rows. */
function runView(run: Run, counts: RecordView['fields']): RecordView {
  return recordView([['Input', `${run.source.name} (${run.format})`], ['Project', run.project], ...countFields(counts)]);
}

/**
 * One thing the summary says on stderr: a sentence, what to do about it (on
 * the same line in text), the lines listed under it in text, and the problem
 * type it gives when it leads.
 */
interface SummaryPart {
  text: string;
  more?: string;
  list?: string[];
  kind?: ImportProblemKind;
}

/** The problem types of a bulk import that ended with rows not created, the one that leads first. */
const importProblemKinds = ['import-interrupted', 'import-stopped', 'import-rows-failed', 'import-rows-uncertain', 'import-rows-skipped'] as const;
type ImportProblemKind = (typeof importProblemKinds)[number];

/** Failures listed with their problem in text; the problem document lists up to notedRows, by line only. */
const failuresInText = 5;

function summaryParts(run: Run, report: CheckReport, sender: Sender, notSent: number, interrupted: boolean, stopError: UserError | undefined): SummaryPart[] {
  const { counts } = sender;
  const results = run.resultsPath as string;
  const parts: SummaryPart[] = [];
  if (stopError) parts.push({ text: stopMessage(stopError), kind: 'import-stopped' });
  if (sender.unrecorded.length > 0) parts.push(unrecordedPart(sender));
  if (interrupted) parts.push({ text: 'Interrupted: the requests in flight had half a second to finish; each is recorded, as uncertain where no answer came.', kind: 'import-interrupted' });
  if (counts.failed > 0) {
    const shown = sender.failures.slice(0, failuresInText);
    const list = shown.map((note) => `line ${note.line}: ${problemText(note.problem)}`);
    if (counts.failed > shown.length) list.push(`…and ${counts.failed - shown.length} more`);
    parts.push({ text: `${formatCount(counts.failed)} ${counts.failed === 1 ? 'row' : 'rows'} failed; the service created nothing for ${counts.failed === 1 ? 'it' : 'them'} (status "failed" in ${results})`, list, kind: 'import-rows-failed' });
  }
  const uncertainLines = [...report.keptUncertainLines, ...sender.uncertainRows.map((note) => note.line)];
  const uncertain = counts.uncertain + report.keptUncertain;
  if (uncertain > 0) {
    parts.push({
      text: `${formatCount(uncertain)} ${uncertain === 1 ? 'row' : 'rows'} may or may not have been created (the request was sent, and no clear answer was recorded): line${uncertain === 1 ? '' : 's'} ${uncertainLines.slice(0, 10).join(', ')}${uncertain > 10 ? ', …' : ''}.`,
      more: '--resume does not send them again; check them on the platform, then see "Uncertain rows" in the import documentation.',
      kind: 'import-rows-uncertain',
    });
  }
  if (counts.invalid > 0) {
    parts.push({
      text: `${formatCount(counts.invalid)} invalid ${counts.invalid === 1 ? 'row was' : 'rows were'} skipped (status "invalid" in ${results});`,
      more: `fix ${counts.invalid === 1 ? 'it' : 'them'} in the file, then run the same command with --resume to send ${counts.invalid === 1 ? 'it' : 'them'}.`,
      kind: 'import-rows-skipped',
    });
  }
  if (notSent > 0 || counts.failed > 0) parts.push({ text: `Run the same command with --resume to ${notSent > 0 ? 'send the rest' : 'send the failed rows again'}; rows already created are skipped.` });
  return parts;
}

/** Rows that ended after the results file failed: --resume sees them as started, so this run's summary is the only record. */
function unrecordedPart(sender: Sender): SummaryPart {
  const rows = sender.unrecorded;
  return {
    text: `${formatCount(rows.length)} ${rows.length === 1 ? 'row' : 'rows'} ended after the results file stopped taking records, so ${rows.length === 1 ? 'its' : 'their'} outcome is written only here; --resume counts ${rows.length === 1 ? 'it' : 'them'} as uncertain and does not send ${rows.length === 1 ? 'it' : 'them'} again`,
    list: rows.map((row) => `line ${row.line}: ${row.status}${row.connectionId ? ` (${row.connectionId})` : ''}`),
  };
}

/**
 * The summary's stderr as one error, for the problem document of -o json, yaml
 * and ndjson: the leading part is its title and type, the others its detail.
 * The rows are named by line and status, with ipctl's words or the service's
 * title, never a value from the file; the results file has the rest.
 */
function importError(parts: SummaryPart[], exitCode: ExitCode, report: CheckReport, sender: Sender): BulkImportError {
  const lead = importProblemKinds.map((kind) => parts.find((part) => part.kind === kind)).find((part) => part !== undefined) ?? { text: 'Not every row was created.', more: undefined, kind: undefined };
  // In text a part goes on with a list or with what to do; here the title is a sentence of its own, and what to do starts the detail.
  const sentence = (part: SummaryPart): string => (part.text.endsWith('.') ? part.text : `${part.text.replace(/;$/, '')}.`);
  const others = parts.filter((part) => part !== lead).map((part) => (part.more ? `${part.text} ${part.more}` : sentence(part)));
  const detail = [...(lead.more ? [capitalize(lead.more)] : []), ...others];
  const { rows, total } = rowsOfRun(report, sender);
  const listed = rows.slice(0, notedRows);
  return new BulkImportError(sentence(lead), exitCode, detail.join('\n') || undefined, lead.kind ?? 'failure', listed, Math.max(0, total - listed.length));
}

/** Each row not created that this run knows of, once (failed, uncertain, invalid, then unrecorded), and how many there are in all. */
function rowsOfRun(report: CheckReport, sender: Sender): { rows: RowProblem[]; total: number } {
  const earlier = 'sent by an earlier run, which recorded no clear answer; not sent again';
  const found: RowProblem[] = [
    ...sender.failures.map((note) => ({ line: note.line, status: 'failed', detail: problemTitle(note.problem) })),
    ...report.keptUncertainLines.map((line) => ({ line, status: 'uncertain', detail: earlier })),
    ...sender.uncertainRows.map((note) => ({ line: note.line, status: 'uncertain', detail: problemTitle(note.problem) })),
    ...sender.invalidRows.map((row) => ({ line: row.line, status: 'invalid', detail: row.problems.join(' ') })),
    ...sender.unrecorded.map((row) => ({ line: row.line, status: row.status, detail: `not in the results file, which stopped taking records${row.connectionId ? ` (${row.connectionId})` : ''}` })),
  ];
  const byLine = new Map<number, RowProblem>();
  for (const row of found) if (!byLine.has(row.line)) byLine.set(row.line, row);
  const { counts } = sender;
  // An unrecorded row that was created is counted nowhere else.
  const total = counts.failed + counts.uncertain + report.keptUncertain + counts.invalid + sender.unrecorded.filter((row) => row.status === 'created').length;
  return { rows: [...byLine.values()], total };
}

function stopMessage(error: UserError): string {
  if (error instanceof ApiError) {
    const detail = error.problem.detail ? `: ${error.problem.detail}` : '';
    return `Stopped: the service answered ${error.status} ${error.problem.title ?? ''}${detail} Every other row would get the same answer, so no more were sent.`;
  }
  if (error instanceof FileWriteError) return `Stopped: ${error.message} No request was sent after it.${error.hint ? ` ${error.hint}` : ''}`;
  return `${error.message}${error.hint ? ` ${error.hint}` : ''}`;
}

function problemText(problem: { status?: number; title?: string; detail?: string } | undefined): string {
  if (!problem) return 'no answer';
  return [problem.status, problem.title].filter((part) => part !== undefined).join(' ') + (problem.detail ? `: ${problem.detail}` : '');
}

/** "422 Unprocessable Entity": the status and title, without the detail, which may quote the row. */
function problemTitle(problem: { status?: number; title?: string } | undefined): string {
  return [problem?.status, problem?.title].filter((part) => part !== undefined).join(' ') || 'no answer';
}
