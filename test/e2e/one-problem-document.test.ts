// Under -o json, yaml and ndjson a failing run's stderr is exactly one problem
// document in that format, whatever the path (README, Output: "Errors in the
// format asked for"); the notices the run would have said (a profile file others
// can read, a lock taken over) are in its `notes`. A run that succeeds says them
// as text on stderr, as without -o. A property over every API command
// (helpers/commands.ts) × document format × with and without --query × the ways
// a run fails, each run in-process against the sandbox.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { search } from '@jmespath-community/jmespath';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzParameters } from '../fuzz/arbitraries.js';
import { tempDir } from '../helpers/cli.js';
import { apiCommands, createConnection, prepareRun } from '../helpers/commands.js';
import { runMain } from '../helpers/in-process.js';
import { canaryApiKey, useFixture } from '../helpers/sandbox.js';

const fixture = useFixture({ clearFaults: true });
const files = tempDir('ipctl-one-document-');
afterAll(() => files.remove());
let runs = 0;

type Format = 'json' | 'yaml' | 'ndjson';
type Failure = 'bad-flag' | 'api-4xx' | 'api-5xx' | 'refused' | 'none';

/** The warning of README, "The profile file": a file holding a key that others can read. */
const looseFileNotice = /^Warning: the profile file .* holds credentials and can be read by its group and every user \(mode 0644\)/;

/** The one document on stderr, parsed as its format says (ndjson: one line, one JSON value). */
function parseDocument(stderr: string, format: Format): Record<string, unknown> {
  if (format === 'ndjson') {
    const lines = stderr.split('\n');
    expect(lines.length, stderr).toBe(2);
    expect(lines[1]).toBe('');
    return JSON.parse(lines[0]!) as Record<string, unknown>;
  }
  if (format === 'json') return JSON.parse(stderr) as Record<string, unknown>;
  expect(() => JSON.parse(stderr), stderr).toThrow();
  const documents = stderr.split(/^---$/m).filter((part) => part.trim() !== '');
  expect(documents, stderr).toHaveLength(1);
  return parseYaml(stderr) as Record<string, unknown>;
}

interface Case {
  row: (typeof apiCommands)[number];
  format: Format;
  query: string | undefined;
  failure: Failure;
  status: number;
  looseProfile: boolean;
}

/** README, Output: "ndjson … is offered by the commands that print lists … and by the commands that show one thing"; `api` takes json and yaml. */
const withNdjson = new Set(['invites list', 'providers get', 'search', 'projects list', 'projects get', 'connections list', 'destinations list', 'destinations get', 'providers list', 'connections remove']);

const cases: fc.Arbitrary<Case> = fc.record({
  row: fc.constantFrom(...apiCommands),
  format: fc.constantFrom<Format>('json', 'yaml', 'ndjson'),
  query: fc.option(fc.constantFrom('@', 'type(@)', 'length(@)', '[0]', 'keys(@)'), { nil: undefined }),
  failure: fc.constantFrom<Failure>('bad-flag', 'api-4xx', 'api-5xx', 'refused'),
  status: fc.constantFrom(400, 403, 404, 409, 422, 500, 502, 503),
  looseProfile: fc.boolean(),
}).map((generated) => (generated.format === 'ndjson' && !withNdjson.has(generated.row.name) ? { ...generated, format: 'json' as const } : generated));

async function runCase({ row, format, query, failure, status, looseProfile }: Case) {
  runs += 1;
  const dir = join(files.path, `${runs}`);
  const configDir = join(dir, 'config');
  mkdirSync(configDir, { recursive: true });
  // A profile file holding a key, readable by all: said once per command (README, "The profile file").
  if (looseProfile) writeFileSync(join(configDir, 'config.json'), JSON.stringify({ current: 'main', profiles: { main: { apiKey: canaryApiKey } } }), { mode: 0o644 });
  const connection = row.needsConnection ? await createConnection(fixture.env()) : undefined;
  const args = [...prepareRun(row, dir, connection), '-o', format, ...(query === undefined ? [] : ['--query', query]), ...(failure === 'bad-flag' ? ['--no-such-flag'] : [])];
  const refused = failure === 'refused' ? { IPCTL_BASE_URL: 'http://127.0.0.1:9/v1', IPCTL_SEARCH_URL: 'http://127.0.0.1:9/v1' } : {};
  await fixture.clearFaults();
  if (failure === 'api-4xx' || failure === 'api-5xx') {
    const code = failure === 'api-4xx' ? (status < 500 ? status : 422) : status >= 500 ? status : 503;
    await fixture.addFaults({ [row.operation]: [{ kind: 'status', status: code, times: 10 }] });
  }
  const env = fixture.env({ IPCTL_CONFIG_DIR: configDir, IPCTL_RETRIES: '0', NO_COLOR: '1', ...row.env, ...refused });
  return runMain(args, { env, stdin: row.input });
}

describe('one problem document on stderr under -o json, yaml and ndjson', { timeout: 600_000 }, () => {
  it('every API command, every document format, with and without --query, every way of failing', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (generated) => {
        const result = await runCase(generated);
        const said = `${JSON.stringify(generated.row.name)} ${generated.format} ${generated.failure}: ${result.stderr}`;
        if (result.code === 0) {
          // A run that succeeded anyway (a removal answered 404 is already done): its notices stay text.
          if (generated.looseProfile && generated.failure !== 'bad-flag') expect(result.stderr.split('\n')[0], said).toMatch(looseFileNotice);
          return;
        }
        expect(result.stdout, said).toBe('');
        const document = parseDocument(result.stderr, generated.format);
        expect(document, said).toMatchObject({ type: expect.any(String), title: expect.any(String), exitCode: result.code, errors: expect.any(Array) });
        const notes = (document.notes ?? []) as string[];
        // The profile file is read once the input is checked: a bad flag fails before it is.
        if (generated.looseProfile && generated.failure !== 'bad-flag') expect(notes.some((note) => looseFileNotice.test(note)), said).toBe(true);
        if (!generated.looseProfile) expect(notes.some((note) => /profile file/.test(note)), said).toBe(false);
      }),
      fuzzParameters(60),
    );
  });
});

/** Rows whose answer is the same each time (the seeded sandbox's reads): what --query picks can be known from a run without it. */
const steadyReads = apiCommands.filter((row) => row.retry === 'safe' && !row.needsConnection && row.name !== 'destinations patch');

/** stdout in `format`, read back: ndjson as the list of its lines' values. */
function parseOutput(stdout: string, format: Format): unknown {
  if (format === 'json') return JSON.parse(stdout);
  if (format === 'yaml') return parseYaml(stdout);
  return stdout.split('\n').slice(0, -1).map((line) => JSON.parse(line) as unknown);
}

describe('a run that succeeds under -o json, yaml and ndjson', { timeout: 600_000 }, () => {
  it('stdout holds exactly what --query picks from the document, in that format; notices stay text on stderr', async () => {
    await fc.assert(
      fc.asyncProperty(cases.filter((generated) => steadyReads.includes(generated.row)), async (generated) => {
        const plain = await runCase({ ...generated, format: 'json', query: undefined, failure: 'none' });
        expect(plain.code, plain.stderr).toBe(0);
        const result = await runCase({ ...generated, failure: 'none' });
        const said = `${JSON.stringify(generated.row.name)} ${generated.format} ${generated.query}: ${result.stderr}`;
        // keys(@) of a list is an error (JMESPath: keys takes an object): then one problem document, and nothing on stdout.
        if (result.code !== 0) {
          expect(result.stdout, said).toBe('');
          expect(parseDocument(result.stderr, generated.format), said).toMatchObject({ exitCode: result.code });
          return;
        }
        if (generated.looseProfile) expect(result.stderr.split('\n')[0], said).toMatch(looseFileNotice);
        else expect(result.stderr, said).not.toMatch(/profile file/);
        if (generated.query === undefined) {
          if (generated.format !== 'ndjson') expect(parseOutput(result.stdout, generated.format), said).toEqual(JSON.parse(plain.stdout));
          return;
        }
        const picked = search(JSON.parse(plain.stdout), generated.query);
        const expected = generated.format === 'ndjson' ? (Array.isArray(picked) ? picked : [picked]) : picked;
        expect(parseOutput(result.stdout, generated.format), said).toEqual(expected);
      }),
      fuzzParameters(30),
    );
  });
});

/** A process ID no process has now: a node that has exited. */
async function deadPid(): Promise<number> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('the rarer paths of a bulk import under -o json and yaml', { timeout: 600_000 }, () => {
  const rows = [1, 2, 3].map((line) => JSON.stringify({ provider: 'pipedrive', groupRef: `one-doc-${line}`, consumerRef: `u-${line}`, providerWorkspaceRef: 'acme', apiKey: `pk_one_document_${line}` }));

  it('a lock taken over, a results file that cannot be written, each with and without a profile file others can read: one document, the notices in its notes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Format>('json', 'yaml'), fc.constantFrom('lock-taken-over', 'results-unwritable'), fc.boolean(), async (format, path, looseProfile) => {
        runs += 1;
        const dir = join(files.path, `${runs}`);
        const configDir = join(dir, 'config');
        mkdirSync(configDir, { recursive: true });
        if (looseProfile) writeFileSync(join(configDir, 'config.json'), JSON.stringify({ current: 'main', profiles: { main: { apiKey: canaryApiKey } } }), { mode: 0o644 });
        const input = join(dir, 'rows.jsonl');
        writeFileSync(input, `${rows.join('\n')}\n`);
        const args = ['connections', 'generate', '--project', 'demo', '--from-file', input, '-o', format];
        await fixture.clearFaults();
        let pid = 0;
        if (path === 'lock-taken-over') {
          // Left by a process that is gone (README, bulk import): taken over, and said; then every row fails.
          pid = await deadPid();
          const { hostname } = await import('node:os');
          writeFileSync(join(dir, 'rows.results.jsonl.lock'), JSON.stringify({ pid, host: hostname(), time: new Date().toISOString() }));
          await fixture.addFaults({ generateConnection: [{ kind: 'status', status: 422, times: 3 }] });
        } else {
          // A results path under a file: it cannot be created.
          args.push('--results', join(input, 'results.jsonl'));
        }
        const result = await runMain(args, { env: fixture.env({ IPCTL_CONFIG_DIR: configDir, IPCTL_RETRIES: '0', NO_COLOR: '1' }) });
        const said = `${format} ${path} ${looseProfile}: ${result.stderr}`;
        expect(result.code, said).not.toBe(0);
        const document = parseDocument(result.stderr, format);
        expect(document, said).toMatchObject({ type: expect.any(String), title: expect.any(String), exitCode: result.code });
        const notes = (document.notes ?? []) as string[];
        if (path === 'lock-taken-over') expect(notes, said).toContain(`Took over the lock on ${join(dir, 'rows.results.jsonl')}, left by process ${pid}, which is no longer running.`);
        expect(notes.some((note) => looseFileNotice.test(note)), said).toBe(looseProfile);
      }),
      fuzzParameters(8),
    );
  });
});
