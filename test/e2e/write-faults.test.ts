// Every write site (test/helpers/write-sites.ts) failed in turn, as SQLite's
// I/O-error tests do: a short write, ENOSPC, EIO and EACCES, through a host
// filesystem that fails there (helpers/faulty-fs.ts), in-process. (Crashes at
// every step are the simulation's: test/simulation/.) After each, the next run
// (--resume, or the next command) must create each row at most once, report
// every row not created, and exit with a documented code; the profile file is
// never lost or left half-written, and no secret reaches any output.
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunResult, tempDir } from '../helpers/cli.js';
import { type FaultKind, faultyFs, type FsFault } from '../helpers/faulty-fs.js';
import { runMain } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { errnoFaults, faultCodes, type WriteScenario, type WriteSiteCase, writeSiteCases } from '../helpers/write-sites.js';

const fixture = useFixture();
const work = tempDir('ipctl-write-faults-');
let counter = 0;

afterAll(() => {
  work.remove();
});

/** The exit codes the README documents for a run that could not write a file (or that wrote it). */
const documented = [0, 1, 2];
const rowCount = 12;

interface Invocation {
  args: string[];
  env: Record<string, string | undefined>;
  input?: string;
}

/** Each run is a process of its own, gone once it ends: a lock it left behind names a process no longer running. */
let nextPid = 100_000;

async function invoke(call: Invocation, faults: FsFault[] = []): Promise<RunResult> {
  const pid = (nextPid += 1);
  const processes = { pid, hostname: 'write-faults.test', isRunning: (other: number) => other === pid };
  const result = await runMain(call.args, { env: call.env, stdin: call.input, timeoutMs: 60_000, fs: faultyFs(faults), processes });
  return { ...result, signal: null };
}

function faultsOf(entry: WriteSiteCase, kind: string, nth: number): FsFault[] {
  return [...(entry.reachedAfter ? [entry.reachedAfter] : []), { ...entry.at, kind: kind as FaultKind, nth }];
}

function expectDocumentedEnd(result: RunResult, kind: string, label: string): void {
  expect(result.stderr, label).not.toMatch(/this is a bug|\n\s+at /);
  expect(documented, `${label}: exit ${result.code}: ${result.stderr}`).toContain(result.code);
  // A short write ipctl makes is the system's EFBIG; one conf makes (the profile file) is found when the file is read back.
  if (result.code !== 0) expect(result.stderr, label).toMatch(kind === 'short' ? /EFBIG|ESHORT/ : new RegExp(faultCodes[kind]!));
}

function expectNoCanary(...texts: string[]): void {
  for (const text of texts) expect(text).not.toMatch(/canary/i);
}

// ---------------------------------------------------------------- bulk import

function rows(prefix: string): string {
  return Array.from({ length: rowCount }, (_, index) => {
    const n = String(index + 1).padStart(2, '0');
    return JSON.stringify({ groupRef: `${prefix}-${n}`, consumerRef: `user-${n}`, provider: 'pipedrive', providerWorkspaceRef: `ws${n}`, apiKey: `pk_fault_CANARY_${prefix}_${n}` });
  }).join('\n') + '\n';
}

async function groupRefCounts(prefix: string): Promise<Map<number, number>> {
  const response = await fetch(new URL('/_sandbox/projects/demo/connections', fixture.sandbox.baseUrl));
  const { connections } = (await response.json()) as { connections: Array<{ groupRef: string }> };
  const counts = new Map<number, number>();
  for (const { groupRef } of connections) {
    if (!groupRef.startsWith(`${prefix}-`)) continue;
    const line = Number(groupRef.slice(prefix.length + 1));
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return counts;
}

interface Summary {
  rows: number;
  created: number;
  failed: number;
  uncertain: number;
  invalid: number;
  alreadyCreated: number;
  notSent: number;
}

/** The lines the summary says may or may not have been created. */
function uncertainLines(stderr: string): number[] {
  const listed = /may or may not have been created \(the request was sent, and no clear answer was recorded\): lines? ([\d, …]+)\./.exec(stderr)?.[1] ?? '';
  return listed.split(',').map((part) => Number(part.trim())).filter((line) => Number.isInteger(line) && line > 0);
}

async function importCase(scenario: WriteScenario, entry: WriteSiteCase, kind: string, nth: number): Promise<void> {
  const { site } = entry;
  counter += 1;
  const prefix = `wf${counter}`;
  const input = join(work.path, `${prefix}.jsonl`);
  const results = join(work.path, `${prefix}.results.jsonl`);
  const spool = tempDir('ipctl-spool-');
  writeFileSync(input, rows(prefix));
  const stdin = scenario === 'import-stdin';
  const call = (extra: string[]): Invocation => ({
    args: ['connections', 'generate', '--project', 'demo', '--concurrency', '2', '-o', 'json', '--from-file', stdin ? '-' : input, ...(stdin ? ['--format', 'jsonl'] : []), '--results', results, ...extra],
    env: fixture.env({ TMPDIR: spool.path }),
    input: stdin ? rows(prefix) : undefined,
  });
  try {
    if (scenario === 'import-resume') {
      // A run whose 7th record was stored in part, and could not be taken back: the results file ends in a record cut short.
      await invoke(call([]), [{ call: 'write', path: /\.results\.jsonl$/, nth: 7, kind: 'short' }, { call: 'ftruncate', path: /\.results\.jsonl$/, kind: 'eio' }]);
      expect(readFileSync(results, 'utf8').endsWith('\n')).toBe(false);
    }
    const plan = `${site}:${kind}:${nth}`;
    const first = await invoke(call(scenario === 'import-resume' ? ['--resume'] : []), faultsOf(entry, kind, nth));
    expectDocumentedEnd(first, kind, `${plan}, first run`);
    if (site === 'results.write' || site === 'results.sync') {
      // Once rows are being sent, a results file that fails ends the run as rows not created do: its summary, exit 1.
      expect(first.code, `${plan}: ${first.stderr}`).toBe(1);
      expect(first.stderr).toContain('Stopped: Cannot write the results file');
      expect(first.stdout, `${plan}: ${first.stderr}`).not.toBe('');
    }
    if (first.code !== null && first.stdout !== '') {
      const summary = JSON.parse(first.stdout) as Summary;
      // Every row is accounted for: created, failed, uncertain, or not sent.
      expect(summary.created + summary.failed + summary.uncertain + summary.notSent + summary.alreadyCreated, `${plan}: ${first.stdout}`).toBe(summary.rows);
    }

    const resume = readdirSync(work.path).includes(`${prefix}.results.jsonl`) && statSync(results).size > 0;
    const next = await invoke(call(resume ? ['--resume'] : []));
    expect([0, 1], `${plan}, next run: ${next.stderr}`).toContain(next.code);
    const summary = JSON.parse(next.stdout) as Summary;
    expect(summary.rows).toBe(rowCount);
    expect(summary.created + summary.alreadyCreated + summary.uncertain + summary.failed + summary.notSent, `${plan}: ${next.stdout}`).toBe(rowCount);
    const counts = await groupRefCounts(prefix);
    // At most once each; every row not created is reported as such.
    for (const [line, count] of counts) expect(count, `${plan}: line ${line} created ${count} times`).toBe(1);
    const missing = Array.from({ length: rowCount }, (_, index) => index + 1).filter((line) => !counts.has(line));
    const reported = uncertainLines(next.stderr);
    for (const line of missing) expect(reported, `${plan}: line ${line} was not created and not reported: ${next.stderr}`).toContain(line);
    expect(next.code).toBe(missing.length > 0 || summary.uncertain > 0 ? 1 : 0);
    expect(statSync(results).mode & 0o777).toBe(0o600);
    expectNoCanary(first.stdout, first.stderr, next.stdout, next.stderr, readFileSync(results, 'utf8'));
  } finally {
    spool.remove();
  }
}

// ---------------------------------------------------------------- profile file

const baseProfile = { org: 'org_base', apiKey: 'sk_base_CANARY_0123456789' };
const corruptText = '{"profiles": {"a": {"apiKey": "sk_corrupt_CANARY_4711"';

async function profileCase(scenario: WriteScenario, entry: WriteSiteCase, kind: string, nth: number): Promise<void> {
  const { site, reachedAfter } = entry;
  const config = tempDir();
  const file = join(config.path, 'config.json');
  if (scenario === 'profile-corrupt') writeFileSync(file, corruptText, { mode: 0o600 });
  else writeFileSync(file, `${JSON.stringify({ current: 'base', profiles: { base: baseProfile } })}\n`, { mode: 0o600 });
  // A copy left by a writer killed before its rename, with a credential in it: the next write removes it.
  writeFileSync(join(config.path, 'config.json.tmp-1700000000abcdef'), '{"profiles":{"x":{"apiKey":"sk_left_CANARY_0123456789"}}}', { mode: 0o600 });
  const change = (name: string): Invocation => {
    const env = { IPCTL_CONFIG_DIR: config.path };
    if (scenario === 'credential') return { args: ['auth', 'set-key', '--profile', name, '--no-verify'], env, input: `sk_${name}_CANARY_0123456789\n` };
    return { args: ['profile', 'add', name, '--org', `org_${name}`, ...(scenario === 'profile-corrupt' ? ['--force'] : [])], env };
  };
  try {
    const plan = `${site}:${kind}:${nth}`;
    const first = await invoke(change('first'), faultsOf(entry, kind, nth));
    if (reachedAfter) expect(first.code === 0, `${plan}: the site was not reached`).toBe(false);
    else expectDocumentedEnd(first, kind, `${plan}, ${scenario}`);
    if (site === 'profile.restore') await putBackAsTold(first, kind, change('check'), file);
    const next = await invoke(change('second'));
    expect(next.code, `${plan}, ${scenario}, next command: ${next.stderr}`).toBe(0);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { profiles: Record<string, Record<string, string>> };
    expect(Object.keys(stored.profiles)).toContain('second');
    if (first.code === 0) expect(Object.keys(stored.profiles)).toContain('first');
    if (scenario === 'profile-corrupt') {
      const aside = readdirSync(config.path).filter((name) => name.startsWith('config.json.corrupt-'));
      expect(aside).toHaveLength(1);
      expect(readFileSync(join(config.path, aside[0]!), 'utf8')).toBe(corruptText);
    } else {
      expect(stored.profiles.base).toEqual(baseProfile);
    }
    // No copy, lock or anything else is left behind, and the file stays private.
    expect(readdirSync(config.path).filter((name) => !name.startsWith('config.json.corrupt-'))).toEqual(['config.json']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expectNoCanary(first.stdout, first.stderr, next.stdout, next.stderr);
  } finally {
    config.remove();
  }
}

/**
 * A write that did not come out whole, and then no putting back of the file
 * before it: that file is kept whole beside it, and ipctl says so, at once
 * (exit 1) or at the next command (exit 2). Done as it says, all is as before.
 */
async function putBackAsTold(first: RunResult, kind: string, check: Invocation, file: string): Promise<void> {
  const kept = `${file}.previous`;
  // 1 as for any write that failed; 2 where the path may not be written (EACCES), as the README's table says.
  expect([1, 2], first.stderr).toContain(first.code);
  expect(first.stderr).toContain(`mv ${kept} ${file}`);
  const next = await invoke(check);
  expect(next.code, next.stderr).toBe(2);
  expect(next.stderr).toContain(`mv ${kept} ${file}`);
  renameSync(kept, file);
}

const cases = writeSiteCases.flatMap((entry) => {
  const kinds = [...errnoFaults, ...(entry.bytes ? ['short'] : [])];
  return entry.scenarios.flatMap((scenario) => entry.calls.flatMap((nth) => kinds.map((kind) => [`${entry.site}:${kind}:${nth}`, scenario, entry, kind, nth] as const)));
});

describe('every write site, failed in turn', { timeout: 120_000 }, () => {
  it.each(cases)('%s (%s)', async (_plan, scenario, entry, kind, nth) => {
    if (scenario.startsWith('import')) await importCase(scenario, entry, kind, nth);
    else await profileCase(scenario, entry, kind, nth);
  });
});
