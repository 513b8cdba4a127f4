// One scenario played out: ipctl's real main() in this process, over the
// simulated disk, clock and service, run after run; after each, the
// invariants (docs/reliability.md, "The simulation") are checked against the
// service's own model. A broken invariant throws, naming it.
import type { Deps } from '../../src/deps.js';
import { main } from '../../src/main.js';
import { SimClock } from './clock.js';
import { SimDisk } from './disk.js';
import type { Edit, RunSpec, Scenario, Stop } from './scenario.js';
import { type Fault, keyOf, provider, SimDispatcher, SimService } from './server.js';

const canaryApiKey = 'sk_sim_CANARY_APIKEY_5e1d';
const rowSecret = (index: number): string => `sk_row_CANARY_${index}_x9`;
const input = '/sim/rows';
const start = Date.UTC(2026, 0, 1);
/** A run that has not ended after this much simulated time is hung: it is interrupted, then killed. */
const hungAfterMs = 10 * 60_000;
const documentedExits = [0, 1, 2, 3, 4, 5, 129, 130, 131, 143];

class Violation extends Error {}

interface Row {
  kind: 'valid' | 'no-group' | 'unknown-provider' | 'broken' | 'not-utf8' | 'nul';
  group: string;
  consumer: string;
  secret: string;
}

interface Outcome {
  code: number | undefined;
  stdout: string;
  stderr: string;
  /** Stopped before it ended (a crash, a kill): it returned nothing. */
  crashed: boolean;
}

export class World {
  readonly service = new SimService(canaryApiKey);
  disk = new SimDisk();
  rows: Row[] = [];
  #now = start;
  #pid = 1000;
  #fresh = 0;
  /** The input's lines moved since a run began (a delete, a reorder): the results no longer describe it. */
  reshaped = false;
  /** Records appended by hand to a results file, to be found there after the next run that ends. */
  #handRecords: Array<{ path: string; text: string; copies: number }> = [];
  readonly log: string[] = [];

  constructor(readonly scenario: Scenario) {
    this.rows = scenario.rows.map((spec, index) => {
      const repeated = spec.repeats === undefined ? undefined : this.rows[spec.repeats];
      return { kind: spec.kind, group: repeated?.group ?? `grp-${index}`, consumer: repeated?.consumer ?? `usr-${index}`, secret: rowSecret(index) };
    });
    this.#fresh = this.rows.length;
    this.#writeInput();
  }

  get inputPath(): string {
    return `${input}.${this.scenario.format}`;
  }

  resultsPath(shard: number): string {
    return this.scenario.shards > 1 ? `${input}.shard-${shard}-of-${this.scenario.shards}.results.jsonl` : `${input}.results.jsonl`;
  }

  async play(): Promise<void> {
    const { scenario } = this;
    for (const [index, spec] of scenario.runs.entries()) {
      if (index > 0) for (const edit of spec.edits) this.#edit(edit, spec);
      const shard = ((spec.shard - 1) % scenario.shards) + 1;
      await this.#import(shard, spec, spec.retryUncertain);
    }
    // The faults stop: each shard resumed (or started) once more, with --retry-uncertain.
    const calm: RunSpec = { edits: [], retryUncertain: true, concurrency: 2, net: [], disk: [], stop: null, shard: 1 };
    const finals: Outcome[] = [];
    for (let shard = 1; shard <= scenario.shards; shard++) finals.push(await this.#import(shard, calm, true));
    const settled = finals.every((outcome) => outcome.code === 0 || outcome.code === 1) && !this.reshaped;
    if (!settled) return;
    this.#checkAllCreated();
    await this.#checkReport();
    if (scenario.removal) await this.#remove(scenario.removal);
  }

  async #import(shard: number, spec: RunSpec, retryUncertain: boolean): Promise<Outcome> {
    const results = this.resultsPath(shard);
    const resume = this.disk.read(results) !== undefined && this.disk.read(results)!.length > 0;
    const args = [
      'connections', 'generate', '--from-file', this.inputPath, '--project', 'sim', '-o', 'json', '--skip-invalid',
      '--concurrency', String(spec.concurrency), '--results', results,
      ...(resume ? ['--resume'] : []), ...(resume && retryUncertain ? ['--retry-uncertain'] : []),
      ...(this.scenario.shards > 1 ? ['--shard', `${shard}/${this.scenario.shards}`] : []),
    ];
    const outcome = await this.#run(args, spec.net, spec.disk, spec.stop);
    // docs/commands/connections-bulk.md, "Encodings": a file that starts with a UTF-16 byte-order mark is refused.
    const refused = this.scenario.bom && (this.scenario.encoding ?? 'utf-8') !== 'utf-8';
    // Signals end it as they end any run, and a disk fault may stop it first (taking the results lock, before the input is read).
    const allowed = [2, 129, 130, 131, 143, ...(spec.disk.length > 0 ? [1] : [])];
    if (refused && !outcome.crashed && outcome.code !== undefined && !allowed.includes(outcome.code)) throw new Violation(`a UTF-16 input with its byte-order mark ended ${outcome.code}, not 2: ${outcome.stderr}`);
    return outcome;
  }

  async #remove(removal: NonNullable<Scenario['removal']>): Promise<void> {
    const files = Array.from({ length: this.scenario.shards }, (_, index) => this.resultsPath(index + 1)).filter((path) => this.disk.read(path));
    if (files.length === 0 && this.service.connections.size === 0) return;
    const removed = `${input}.removed.jsonl`;
    const args = (resume: boolean) => ['connections', 'remove', '--from-results', ...files, '--results', removed, '--yes', '-o', 'json', ...(resume ? ['--resume'] : [])];
    await this.#run(args(false), removal.net, [], removal.stop);
    const last = await this.#run(args(this.disk.read(removed) !== undefined), [], [], null);
    if (last.code !== 0) throw new Violation(`the removal without faults ended ${last.code}: ${last.stderr}`);
    const left = [...this.service.connections.values()].map((connection) => connection.id);
    if (left.length > 0) throw new Violation(`connections remove --from-results left ${left.join(', ')} on the service`);
  }

  /** One run of ipctl, in a process of its own, over the world as it is. */
  async #run(args: string[], net: Array<Fault | null>, diskFaults: RunSpec['disk'], stop: Stop | null): Promise<Outcome> {
    const clock = new SimClock((this.#now += 60_000));
    const startedAt = this.#now;
    const pid = (this.#pid += 1);
    const interrupt = new AbortController();
    let steps = 0;
    let requests = 0;
    let stopped = false;
    let stdoutClosed = false;
    let stdout = '';
    let stderr = '';
    let stderrAtExit = '';
    const lockBefore = this.#locks();
    const hand = this.#handRecords;
    this.#handRecords = [];
    const step = (): void => {
      steps += 1;
      if (stopped) throw new Error('the simulated process is gone');
      if (!stop || steps !== stop.at) return;
      if (stop.kind === 'crash') {
        stopped = true;
        throw new Error('the simulated process is gone');
      }
      if (stop.kind === 'stdout-closed') stdoutClosed = true;
      else queueMicrotask(() => interrupt.abort(stop.kind));
    };
    const fs = this.disk.host(() => clock.now(), step, diskFaults);
    const network = {
      step: () => {
        try {
          step();
        } catch {
          // Stopped at a request: it never left.
        }
      },
      fault: (): Fault | undefined => net[requests++] ?? undefined,
      sleep: (ms: number) => clock.sleep(ms),
      stopped: () => stopped,
    };
    const deps: Deps = {
      stdout: {
        write: (chunk: string) => {
          if (stdoutClosed) {
            // A closed stdout ends the process at once (EPIPE), with what the system has of its writes.
            stopped = true;
            stderrAtExit = stderr;
            throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
          }
          stdout += chunk;
          return true;
        },
        isTTY: false,
      },
      stderr: { write: (chunk: string) => void (stderr += chunk), isTTY: false },
      stdin: { isTTY: false, [Symbol.asyncIterator]: async function* () {} },
      env: { IPCTL_BASE_URL: 'https://api.sim.test', IPCTL_API_KEY: canaryApiKey, IPCTL_CONFIG_DIR: '/sim/no-config', CI: '1', NO_COLOR: '1' },
      now: () => new Date(clock.now()),
      sleep: (ms, signal) => clock.sleep(ms, signal),
      signal: interrupt.signal,
      fs,
      clock,
      dispatcher: new SimDispatcher(this.service, network),
      // A process's start time: the simulated time it began (every run is a new process, IDs are never given again).
      processes: { pid, hostname: 'sim-host', isRunning: (other) => other === pid && !stopped, startTime: (other) => (other === pid && !stopped ? startedAt : undefined) },
      random: () => 0.5,
    };
    const deadline = clock.now() + hungAfterMs;
    const work = main(['node', 'ipctl', ...args], deps);
    let ended = await clock.drive(work, (at) => stopped || at > deadline);
    if (!ended && !stopped) {
      // Hung (a disk that never answers): Ctrl-C, then SIGKILL if that does not end it.
      interrupt.abort('SIGINT');
      ended = await clock.drive(work, (at) => stopped || at > deadline + 10_000);
    }
    const exited = stdoutClosed && stopped;
    const crashed = (stopped && !exited) || !ended;
    const outcome: Outcome = { code: crashed || exited ? undefined : ended?.value, stdout, stderr: exited ? stderrAtExit : stderr, crashed };
    this.#now = clock.now();
    if (crashed) this.disk = this.disk.crashed(stop?.keep ?? 0, stop?.tear ?? 0);
    else this.disk = this.disk.ended();
    this.log.push(`ipctl ${args.join(' ')} → ${crashed ? 'stopped' : outcome.code}${stop ? ` (${stop.kind} at step ${stop.at} of ${steps})` : ''}${outcome.code ? `: ${outcome.stderr.trim().split('\n').slice(0, 3).join(' / ')}` : ''}`);
    this.#checkRun(outcome, lockBefore, hand);
    return outcome;
  }

  #locks(): string[] {
    return [...this.disk.files.keys()].filter((path) => path.endsWith('.lock'));
  }

  #checkRun(outcome: Outcome, locksBefore: string[], hand: Array<{ path: string; text: string; copies: number }>): void {
    for (const [key, count] of this.service.created) if (count > 1) throw new Violation(`${key} was created ${count} times`);
    if (!this.readable && this.service.created.size > 0) throw new Violation(`an input in ${this.scenario.encoding} created ${[...this.service.created.keys()].join(', ')}`);
    const records = this.#createdRecords();
    for (const record of records) {
      if (!this.service.created.has(keyOf(record))) throw new Violation(`a results file records line ${record.line} as created (${keyOf(record)}), and the service never created it`);
    }
    if (!outcome.crashed) {
      const left = this.#locks().filter((path) => !locksBefore.includes(path));
      if (left.length > 0) throw new Violation(`a run that ended left ${left.join(', ')} behind`);
      if (outcome.code !== undefined && !documentedExits.includes(outcome.code)) throw new Violation(`exit ${outcome.code} is not a documented exit code: ${outcome.stderr}`);
      if (/\n\s+at |this is a bug/.test(outcome.stderr)) throw new Violation(`a stack trace or a bug report reached stderr: ${outcome.stderr}`);
      for (const record of hand) {
        const text = this.disk.read(record.path)?.toString('utf8') ?? '';
        if (text.split(record.text).length - 1 < record.copies) throw new Violation(`the record appended by hand to ${record.path} (${record.text}) is gone`);
      }
    }
    for (const [where, text] of [['stdout', outcome.stdout], ['stderr', outcome.stderr], ...this.#filesBut(this.inputPath)] as Array<[string, string]>) {
      if (/CANARY/.test(text)) throw new Violation(`a secret reached ${where}: ${text.slice(0, 300)}`);
    }
  }

  #filesBut(inputPath: string): Array<[string, string]> {
    return [...this.disk.files.entries()].filter(([path]) => path !== inputPath).map(([path, file]) => [path, file.data.toString('utf8')]);
  }

  #createdRecords(): Array<{ line: number; provider?: string; groupRef?: string; consumerRef?: string }> {
    return [...this.disk.files.entries()]
      .filter(([path]) => path.endsWith('.results.jsonl') && !path.endsWith('.removed.jsonl'))
      .flatMap(([, file]) => file.data.toString('utf8').split(/\r?\n/))
      .flatMap((line) => {
        try {
          const record = JSON.parse(line) as { line: number; status: string; provider?: string; groupRef?: string; consumerRef?: string };
          return record.status === 'created' ? [record] : [];
        } catch {
          return [];
        }
      });
  }

  /** Every row the input holds that is valid (and not a repeat of an earlier key) exists on the service. */
  #checkAllCreated(): void {
    const seen = new Set<string>();
    const live = new Set([...this.service.connections.values()].map((connection) => keyOf(connection)));
    for (const row of this.rows) {
      const key = keyOf({ provider, groupRef: row.group, consumerRef: row.consumer });
      if (row.kind !== 'valid' || seen.has(key) || !this.readable || this.oneLine) continue;
      seen.add(key);
      if (!live.has(key)) throw new Violation(`the valid row ${key} was never created, though the faults stopped`);
    }
  }

  /** connections report over every results file agrees with the service. */
  async #checkReport(): Promise<void> {
    const files = Array.from({ length: this.scenario.shards }, (_, index) => this.resultsPath(index + 1)).filter((path) => this.disk.read(path));
    // No run wrote a results file (every one refused the input): there is nothing to report.
    if (files.length === 0 && this.service.connections.size === 0) return;
    const report = await this.#run(['connections', 'report', ...files, '-o', 'json'], [], [], null);
    const data = JSON.parse(report.stdout || '{}') as { created?: number; uncertain?: number };
    const onService = this.service.connections.size;
    if (data.created !== onService || data.uncertain !== 0) throw new Violation(`connections report says ${data.created} created and ${data.uncertain} uncertain; the service has ${onService}: ${report.stdout}${report.stderr}`);
  }

  #edit(edit: Edit, spec: RunSpec): void {
    const rows = this.rows;
    const at = (index: number): number => index % Math.max(1, rows.length);
    switch (edit.kind) {
      case 'fix':
        if (rows.length > 0) rows[at(edit.row)]!.kind = 'valid';
        break;
      case 'append':
        rows.push({ kind: 'valid', group: `grp-${this.#fresh}`, consumer: `usr-${this.#fresh}`, secret: rowSecret(this.#fresh++) });
        break;
      case 'repeat':
        if (rows.length > 0) rows.push({ ...rows[at(edit.row)]!, kind: 'valid', secret: rowSecret(this.#fresh++) });
        break;
      case 'delete':
        if (rows.length > 1) {
          rows.splice(at(edit.row), 1);
          this.reshaped = true;
        }
        break;
      case 'swap':
        if (rows.length > 1) {
          const first = at(edit.row);
          const second = (first + 1) % rows.length;
          [rows[first], rows[second]] = [rows[second]!, rows[first]!];
          this.reshaped = true;
        }
        break;
      case 'hand-record':
        return this.#handRecord(edit, spec);
      case 'cut-results':
        return this.#cutResults(edit.fraction, spec);
    }
    this.#writeInput();
  }

  /** A person copies one of the file's records that is still true (the last it holds for its line) to its end (a blank line first, CRLF, or no final newline). */
  #handRecord(edit: Extract<Edit, { kind: 'hand-record' }>, spec: RunSpec): void {
    const path = this.resultsPath(((spec.shard - 1) % this.scenario.shards) + 1);
    const text = this.disk.read(path)?.toString('utf8');
    if (!text) return;
    const whole = text.slice(0, text.lastIndexOf('\n') + 1);
    const records = currentRecords(whole.split('\n'));
    if (records.length === 0) return;
    const record = records[edit.record % records.length]!.replace(/\r$/, '');
    const end = edit.crlf ? '\r\n' : '\n';
    const edited = `${whole}${edit.blank ? end : ''}${record}${edit.newline ? end : ''}`;
    this.disk.put(path, Buffer.from(edited), this.#now);
    // The edit starts after the file's last whole line: an earlier hand record left without its newline is the person's own to have replaced.
    this.#handRecords = this.#handRecords.filter((earlier) => earlier.path !== path || edited.split(earlier.text).length - 1 >= earlier.copies);
    this.#handRecords.push({ path, text: record, copies: edited.split(record).length - 1 });
  }

  /**
   * The results file's last record cut short, as a copy taken mid-write would
   * leave it. Only an ending record: a cut "started" record would hide a request
   * that was sent, which no reader of the file could know.
   */
  #cutResults(fraction: number, spec: RunSpec): void {
    const path = this.resultsPath(((spec.shard - 1) % this.scenario.shards) + 1);
    const text = this.disk.read(path)?.toString('utf8');
    if (!text?.endsWith('\n')) return;
    const from = text.lastIndexOf('\n', text.length - 2) + 1;
    const last = text.slice(from);
    if (!/"status":"(created|failed|uncertain|invalid)"/.test(last)) return;
    this.disk.put(path, Buffer.from(text.slice(0, from + Math.floor(fraction * (last.length - 1)))), this.#now);
    // The person cut the file's last record: one they appended by hand is theirs to have cut, not ipctl's to keep.
    this.#handRecords = this.#handRecords.filter((record) => record.path !== path || text.slice(0, from).split(record.text).length - 1 >= record.copies);
  }

  #writeInput(): void {
    const { format, bom, crlf, cr = false, encoding = 'utf-8' } = this.scenario;
    const end = cr ? '\r' : crlf ? '\r\n' : '\n';
    const lines = this.rows.map((row) => this.#line(row));
    const text = (format === 'csv' ? ['groupRef,consumerRef,provider,apiKey', ...lines] : lines).join(end) + end;
    this.disk.put(this.inputPath, encoded(`${bom ? '\uFEFF' : ''}${text}`, encoding), this.#now);
  }

  /**
   * Whether ipctl can read any row of the input (docs/reliability.md, "Encodings"):
   * not in UTF-16 (refused with its byte-order mark; without one, no line is a row).
   */
  get readable(): boolean {
    return (this.scenario.encoding ?? 'utf-8') === 'utf-8';
  }

  /** JSONL whose lines end in a lone CR is one line: a row only when it holds one (a CR is JSON whitespace). */
  get oneLine(): boolean {
    return this.scenario.cr === true && this.scenario.format === 'jsonl' && this.rows.length > 1;
  }

  #line(row: Row): string {
    const groupRef = row.kind === 'no-group' ? '' : row.group;
    const providerNamed = row.kind === 'unknown-provider' ? 'nosuchcrm' : provider;
    // Stand-ins for the bytes they become (encoded): a byte that is not UTF-8, and a NUL.
    const consumer = row.kind === 'not-utf8' ? `${row.consumer}${notUtf8Mark}` : row.consumer;
    const providerName = row.kind === 'nul' ? `${providerNamed}\u0000` : providerNamed;
    if (this.scenario.format === 'csv') return row.kind === 'broken' ? `${groupRef},${row.consumer}` : [groupRef, consumer, providerName, row.secret].join(',');
    if (row.kind === 'broken') return `{"groupRef": "${row.group}", "consumerRef": `;
    return JSON.stringify({ groupRef, consumerRef: consumer, provider: providerName, apiKey: row.secret }).replace('\\u0000', '\u0000');
  }
}

/** Written as the byte 0xFF, which is never UTF-8. */
const notUtf8Mark = '\u{F8FF}';

/** text in the scenario's encoding; in UTF-8, notUtf8Mark becomes the byte 0xFF. */
function encoded(text: string, encoding: NonNullable<Scenario['encoding']>): Buffer {
  if (encoding === 'utf-16le') return Buffer.from(text, 'utf16le');
  if (encoding === 'utf-16be') return Buffer.from(text, 'utf16le').swap16();
  return Buffer.concat(text.split(notUtf8Mark).flatMap((part, index) => (index === 0 ? [Buffer.from(part)] : [Buffer.from([0xff]), Buffer.from(part)])));
}

/**
 * The records a person may append again and still state a fact: each line's
 * last record. An older one (a "failed" from before a later "started") would
 * claim an outcome the later attempt may have changed.
 */
function currentRecords(lines: string[]): string[] {
  const last = new Map<unknown, string>();
  for (const text of lines) {
    try {
      const record = JSON.parse(text) as { line?: unknown };
      last.set(record.line, text);
    } catch {
      // Not a record (a blank line): nothing to copy.
    }
  }
  return [...last.values()];
}
