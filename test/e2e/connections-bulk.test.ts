import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoCanary } from '../helpers/canaries.js';
import { cleanEnv, ipctlBin, type RunResult, runIpctl, tempDir, startIpctl } from '../helpers/cli.js';
import { ipctl, ipctlAtTerminal } from '../helpers/in-process.js';
import { refused, useFaultProxy, tooManyRequests, unavailable } from '../helpers/fault-proxy.js';
import { useFixture } from '../helpers/sandbox.js';
import { useWorkspace } from '../helpers/workspace.js';
import { fieldTable } from '../helpers/field-table.js';
import { type Processes, systemProcesses } from '../../src/deps.js';

// Every secret in the rows is a canary, and so are the platform credentials: "canary" (any case) must never show.
const secretOf = (kind: string, index: number): string => `${kind}_CANARY_${String(index).padStart(4, '0')}_bulk_secret`;
const privateKeyOf = (index: number): string => `-----BEGIN PRIVATE KEY-----\r\nMIIE_CANARY_${index}_line1\r\nline2==\r\n-----END PRIVATE KEY-----`;

const fixture = useFixture();
const proxy = useFaultProxy(() => fixture.sandbox.baseUrl);
const work = useWorkspace('ipctl-bulk-');

/** ipctl pointed at the proxy in front of the sandbox. */
function env(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return fixture.env({ IPCTL_BASE_URL: proxy.baseUrl, ...extra });
}

function file(name: string, text: string): string {
  const path = join(work.path, `${work.run}-${name}`);
  writeFileSync(path, text);
  return path;
}

/** A mix of providers and auth types; row i is for group `${prefix}-${i}`. */
function rowFor(prefix: string, index: number): Record<string, unknown> {
  const who = { groupRef: `${prefix}-${index}`, groupName: `Customer ${index}`, consumerRef: `user-${index}` };
  switch (index % 4) {
    case 0:
      return { ...who, provider: 'pipedrive', providerWorkspaceRef: `ws${index}`, apiKey: secretOf('pk', index) };
    case 1:
      return { ...who, provider: 'snowflake', customAuth: { account: 'acme-xy12345', username: 'LOADER_SVC', password: secretOf('pw', index), role: 'LOADER', warehouse: 'COMPUTE_WH' } };
    case 2:
      return { ...who, provider: 'zendesk', providerWorkspaceRef: 'acme', basicAuth: { username: `agent${index}@acme.example`, password: secretOf('bp', index) } };
    default:
      return {
        ...who,
        provider: 'salesforce',
        providerWorkspaceRef: 'acme',
        oauth2AuthorizationCode: { scopes: ['api', 'refresh_token'], refreshToken: { token: secretOf('rt', index) } },
      };
  }
}

function jsonl(prefix: string, count: number): string {
  return Array.from({ length: count }, (_, index) => JSON.stringify(rowFor(prefix, index + 1))).join('\n') + '\n';
}

interface ListedConnection {
  id: string;
  provider: string;
  groupRef: string;
  consumerRef: string;
}

/** The connections the sandbox holds for groups starting with `prefix` (the read-only control route). */
async function connectionsFor(prefix: string): Promise<ListedConnection[]> {
  const response = await fetch(new URL('/_sandbox/projects/demo/connections', fixture.sandbox.baseUrl));
  const { connections } = (await response.json()) as { connections: ListedConnection[] };
  return connections.filter((connection) => connection.groupRef.startsWith(`${prefix}-`));
}

/** Each of rows 1..count exists exactly once. */
async function expectEachOnce(prefix: string, count: number): Promise<void> {
  const refs = (await connectionsFor(prefix)).map((connection) => connection.groupRef).sort();
  const expected = Array.from({ length: count }, (_, index) => `${prefix}-${index + 1}`).sort();
  expect(refs).toEqual(expected);
}

interface ResultLine {
  line: number;
  status: string;
  groupRef?: string;
  connectionId?: string;
  problem?: { status?: number; title?: string; detail?: string };
  problems?: string[];
  attempts?: number;
}

function results(path: string): ResultLine[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ResultLine);
}

/** The last record of each line. */
function finalStates(records: ResultLine[]): Map<number, ResultLine> {
  const states = new Map<number, ResultLine>();
  for (const record of records) states.set(record.line, record);
  return states;
}

async function generatePosts(): Promise<number> {
  return (await fixture.requests()).filter((request) => request.operation === 'generateConnection').length;
}

/** Progress lines only: in a pipe, stderr carries a plain line every few seconds and nothing else on success. */
function expectOnlyProgress(stderr: string): void {
  for (const line of stderr.split('\n').filter((text) => text !== '')) expect(line).toMatch(/^Progress: /);
}

const generate = ['connections', 'generate', '--project', 'demo'];

describe('connections generate --from-file: JSONL', { timeout: 120_000 }, () => {
  it('creates one connection per row, records each, and leaks no secret', async () => {
    const input = file('mixed.jsonl', jsonl(`jl${work.run}`, 120));
    const result = await ipctl([...generate, '--from-file', input], { env: env(), timeoutMs: 120_000 });
    expect(result.code).toBe(0);
    expectOnlyProgress(result.stderr);
    const summary = fieldTable(result.stdout);
    expect(summary).toMatchObject({ Rows: '120', Created: '120', Failed: '0', Uncertain: '0', 'Not sent': '0', Results: input.replace(/\.jsonl$/, '.results.jsonl') });
    const records = results(input.replace(/\.jsonl$/, '.results.jsonl'));
    // A "started" record before each request, and one "created" record with the connection's ID after it.
    expect(records.filter((record) => record.status === 'started')).toHaveLength(120);
    const created = records.filter((record) => record.status === 'created');
    expect(created.map((record) => record.line).sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, index) => index + 1));
    const stored = await connectionsFor(`jl${work.run}`);
    const ids = new Map(stored.map((connection) => [connection.groupRef, connection.id]));
    for (const record of created) expect(record.connectionId).toBe(ids.get(`jl${work.run}-${record.line}`));
    await expectEachOnce(`jl${work.run}`, 120);
    expectNoCanary(result.stdout, result.stderr, readFileSync(input.replace(/\.jsonl$/, '.results.jsonl'), 'utf8'));
  });

  it('prints the summary as JSON, and traces with --debug without a secret', async () => {
    const input = file('debug.jsonl', jsonl(`dbg${work.run}`, 8));
    const result = await ipctl([...generate, '--from-file', input, '--results', join(work.path, `${work.run}-debug.out.jsonl`), '--json', '--debug'], { env: env() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ input, format: 'jsonl', project: 'demo', rows: 8, created: 8, failed: 0, uncertain: 0, invalid: 0, notSent: 0 });
    expect(result.stderr.match(/debug: → POST \S+connections:generate/g)).toHaveLength(8);
    expect(result.stderr).toContain('x-api-key: ****');
    expectNoCanary(result.stdout, result.stderr, readFileSync(join(work.path, `${work.run}-debug.out.jsonl`), 'utf8'));
  });

  it('reads the rows from a FIFO once, as from stdin, and refuses one that nothing writes to', async () => {
    const path = join(work.path, `${work.run}-rows.fifo`);
    execFileSync('mkfifo', [path]);
    // In this process: the FIFO is what is read, not the process reading it.
    const refused = await ipctl([...generate, '--from-file', path, '--format', 'jsonl', '--results', join(work.path, `${work.run}-fifo.out.jsonl`)], { env: env(), timeoutMs: 20_000 });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--from-file: cannot read ${path} (a pipe with nothing writing to it).`);
    // The writer waits in open() until ipctl opens the other end; both passes then read the one copy.
    const writer = spawn('sh', ['-c', 'printf "%s" "$1" > "$2"', 'sh', jsonl(`ff${work.run}`, 6), path], { stdio: 'ignore' });
    try {
      const result = await ipctl([...generate, '--from-file', path, '--format', 'jsonl', '--results', join(work.path, `${work.run}-fifo.out.jsonl`), '--json'], { env: env(), timeoutMs: 60_000 });
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ input: path, rows: 6, created: 6 });
      await expectEachOnce(`ff${work.run}`, 6);
    } finally {
      writer.kill();
    }
  });

  it('reads the rows from stdin through a private spool that is gone afterwards', async () => {
    const spool = tempDir('ipctl-bulk-tmp-');
    try {
      const output = join(work.path, `${work.run}-stdin.results.jsonl`);
      const result = await runIpctl([...generate, '--from-file', '-', '--format', 'jsonl', '--results', output], { env: env({ TMPDIR: spool.path }), input: jsonl(`in${work.run}`, 20) });
      expect(result.code).toBe(0);
      expectOnlyProgress(result.stderr);
      expect(fieldTable(result.stdout)).toMatchObject({ Input: 'stdin (jsonl)', Created: '20' });
      expect(readdirSync(spool.path)).toEqual([]);
      await expectEachOnce(`in${work.run}`, 20);
      expectNoCanary(result.stdout, result.stderr, readFileSync(output, 'utf8'));
    } finally {
      spool.remove();
    }
  });

  it('reads CSV rows from stdin too, with the same results file and line numbers', async () => {
    const prefix = `csvin${work.run}`;
    const output = join(work.path, `${work.run}-stdin-csv.results.jsonl`);
    const rows = Array.from({ length: 20 }, (_, index) => `${prefix}-${index + 1},user-${index + 1},ws${index + 1},${secretOf('pk', index + 1)}\n`);
    const input = `groupRef,consumerRef,providerWorkspaceRef,apiKey\n${rows.join('')}`;
    const result = await ipctl([...generate, '--provider', 'pipedrive', '--from-file', '-', '--format', 'csv', '--results', output], { env: env(), input });
    expect(result.code).toBe(0);
    expectOnlyProgress(result.stderr);
    expect(fieldTable(result.stdout)).toMatchObject({ Input: 'stdin (csv)', Rows: '20', Created: '20' });
    const created = results(output).filter((record) => record.status === 'created');
    expect(created.map((record) => record.line).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 2));
    await expectEachOnce(prefix, 20);
    expectNoCanary(result.stdout, result.stderr, readFileSync(output, 'utf8'));
  });

  it('checks everything and sends nothing with --dry-run', async () => {
    const input = file('dry.jsonl', jsonl(`dry${work.run}`, 12));
    const result = await ipctl([...generate, '--from-file', input, '--dry-run'], { env: env() });
    expect(result.code).toBe(0);
    expect(fieldTable(result.stdout)).toMatchObject({ Rows: '12', Valid: '12', Invalid: '0', 'Would send': '12' });
    expect(result.stderr).toContain('Dry run: 12 connections would be created; nothing was sent.');
    expect(await generatePosts()).toBe(0);
    expect(existsSync(input.replace(/\.jsonl$/, '.results.jsonl'))).toBe(false);
  });

  it('takes a providerMetadata value as a bare string or as the object, and sends each as {value, source: "input"}', async () => {
    const prefix = `meta${work.run}`;
    const customAuth = { account: 'acme-xy12345', username: 'LOADER_SVC', password: secretOf('mp', work.run), role: 'LOADER', warehouse: 'COMPUTE_WH' };
    const rows = [
      { groupRef: `${prefix}-1`, consumerRef: 'u1', providerMetadata: { database: 'SALES' }, customAuth },
      { groupRef: `${prefix}-2`, consumerRef: 'u2', providerMetadata: { database: { value: 'SALES', source: 'input' } }, customAuth },
      { groupRef: `${prefix}-3`, consumerRef: 'u3', providerMetadata: { database: { value: 'SALES', displayName: 'Sales DB' } }, customAuth },
    ];
    const input = file('metadata.jsonl', rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
    const result = await ipctl([...generate, '--provider', 'snowflake', '--metadata', 'schema=RAW', '--from-file', input], { env: env() });
    expect(result.code).toBe(0);
    const project = fixture.sandbox.state.projects.proj_demo!;
    const stored = (index: number) => project.connections.find((candidate) => candidate.group.groupRef === `${prefix}-${index}`)?.providerMetadata;
    for (const index of [1, 2]) expect(stored(index)).toEqual({ database: { value: 'SALES', source: 'input', displayName: 'Database' }, schema: { value: 'RAW', source: 'input', displayName: 'Schema' } });
    expect(stored(3)).toEqual({ database: { value: 'SALES', source: 'input', displayName: 'Sales DB' }, schema: { value: 'RAW', source: 'input', displayName: 'Schema' } });
  });
});

describe('connections generate --from-file: CSV', { timeout: 120_000 }, () => {
  it('refuses a row in Windows-1252 instead of storing its key with a replacement character', async () => {
    const prefix = `cp${work.run}`;
    // "clé" as Windows-1252 writes it: é is the one byte 0xE9, not UTF-8.
    const latin1Row = Buffer.concat([Buffer.from(`${prefix}-1,user-1,ws1,pd_CANARY_cl`), Buffer.from([0xe9]), Buffer.from('_1\n')]);
    const input = file('cp1252.csv', '');
    writeFileSync(input, Buffer.concat([Buffer.from('groupRef,consumerRef,providerWorkspaceRef,apiKey\n'), latin1Row, Buffer.from(`${prefix}-2,user-2,ws2,pd_CANARY_2\n`)]));
    const result = await ipctl([...generate, '--provider', 'pipedrive', '--from-file', input], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('1 of 2 rows in');
    expect(result.stderr).toContain('  - line 2: the value in column 4 (D), apiKey, is not UTF-8 text;');
    expectNoCanary(result.stdout, result.stderr);
    expect(await generatePosts()).toBe(0);
    expect(await connectionsFor(prefix)).toEqual([]);
  });

  it('maps dotted headers to nested fields, keeps quoted commas and line breaks, and takes defaults from flags', async () => {
    const prefix = `csv${work.run}`;
    const header = 'groupRef,consumerRef,customAuth.integrationKey,customAuth.userId,customAuth.privateKey,providerMetadata.accountId\r\n';
    const rows = [1, 2, 3].map((index) => `${prefix}-${index},user-${index},ik-${index},"uid, ${index}","${privateKeyOf(index)}",acct-${index}\r\n`);
    const input = file('jwt.csv', header + rows.join(''));
    const result = await ipctl([...generate, '--provider', 'docusign-jwt', '--custom', 'environment=demo', '--from-file', input, '--debug'], { env: env() });
    expect(result.code).toBe(0);
    expect(fieldTable(result.stdout)).toMatchObject({ Input: `${input} (csv)`, Rows: '3', Created: '3' });
    const records = results(input.replace(/\.csv$/, '.results.jsonl')).filter((record) => record.status === 'created');
    // Each record starts on the line after the previous one ends: a quoted value holds 3 line breaks.
    expect(records.map((record) => record.line).sort((a, b) => a - b)).toEqual([2, 6, 10]);
    const project = fixture.sandbox.state.projects.proj_demo!;
    for (const index of [1, 2, 3]) {
      const connection = project.connections.find((candidate) => candidate.group.groupRef === `${prefix}-${index}`)!;
      expect(connection.provider).toBe('docusign-jwt');
      expect(connection.providerMetadata).toMatchObject({ accountId: { value: `acct-${index}`, source: 'input' }, workspace: { value: 'demo', source: 'provider' } });
      const credentials = project.connectionCredentials.find((entry) => entry.connectionId === connection.id);
      expect(credentials?.customAuth).toEqual({ integrationKey: `ik-${index}`, userId: `uid, ${index}`, privateKey: privateKeyOf(index), environment: 'demo' });
    }
    expectNoCanary(result.stdout, result.stderr, readFileSync(input.replace(/\.csv$/, '.results.jsonl'), 'utf8'));
  });

  it('refuses a header with unknown columns before reading any row', async () => {
    const input = file('typo.csv', 'groupRef,consumerRef,apikey,customAuth\nacme,u1,secret_CANARY_value_123,x\n');
    const result = await ipctl([...generate, '--provider', 'pipedrive', '--from-file', input], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('the CSV header (line 1) names 2 columns ipctl cannot use; nothing was sent');
    expect(result.stderr).toContain('column 3 (C) is not a field of the request body; did you mean apiKey?');
    expect(result.stderr).toContain('column 4 (D) names customAuth, an object; name one value of it a column, such as customAuth.KEY.');
    expectNoCanary(result.stderr);
    expect(await generatePosts()).toBe(0);
  });

  it('refuses a CSV whose quoting breaks, naming the line, even with --skip-invalid', async () => {
    const input = file('broken.csv', 'groupRef,consumerRef,apiKey\nacme,u1,"key_CANARY_one"x\nbeta,u2,k2\n');
    const result = await ipctl([...generate, '--provider', 'pipedrive', '--workspace', 'acme', '--from-file', input, '--skip-invalid'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the CSV is malformed at line 2: a quoted value is followed by something other than a comma or the end of the line. Nothing was sent.');
    expectNoCanary(result.stderr);
    expect(await generatePosts()).toBe(0);
  });
});

describe('connections generate --from-file: invalid rows', { timeout: 120_000 }, () => {
  const prefix = () => `bad${work.run}`;
  // Rows 1 and 6 are valid (snowflake, zendesk); 2, 3, 5 and 7 are not; 4 is blank.
  const lines = () => [
    JSON.stringify(rowFor(prefix(), 1)),
    JSON.stringify({ ...rowFor(prefix(), 4), groupRef: `${prefix()}-2`, apiKey: undefined }),
    '{"groupRef": "x", "apiKey": "trunc_CANARY_secret_value',
    '',
    JSON.stringify({ ...rowFor(prefix(), 5), provider: 'pipedrivee' }),
    JSON.stringify(rowFor(prefix(), 6)),
    JSON.stringify({ ...rowFor(prefix(), 5), groupRef: `${prefix()}-7`, customAuth: { ...(rowFor(prefix(), 5).customAuth as object), role: 'ROOT' } }),
  ];

  it('lists every invalid row by line and sends nothing', async () => {
    const input = file('invalid.jsonl', lines().join('\n') + '\n');
    const result = await ipctl([...generate, '--from-file', input], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Error: 4 of 6 rows in ${input} are invalid; nothing was sent:`);
    expect(result.stderr).toContain('  - line 2: apiKey is required: pipedrive uses API-key auth.');
    expect(result.stderr).toContain('  - line 3: not valid JSON');
    expect(result.stderr).toContain('  - line 5: the provider is not in the catalogue');
    expect(result.stderr).toContain('  - line 7: customAuth.role must be one of SYSADMIN, ANALYST, LOADER.');
    // A message names the line and the field, never a value from the file.
    expect(result.stderr).not.toMatch(/pipedrivee|ROOT/);
    expect(result.stderr).toContain('give --skip-invalid');
    expectNoCanary(result.stderr);
    expect(await generatePosts()).toBe(0);
    expect(existsSync(input.replace(/\.jsonl$/, '.results.jsonl'))).toBe(false);
  });

  it('sends the valid rows with --skip-invalid, records the invalid ones, and exits 1', async () => {
    const input = file('skip.jsonl', lines().join('\n') + '\n');
    const result = await ipctl([...generate, '--from-file', input, '--skip-invalid'], { env: env() });
    expect(result.code).toBe(1);
    expect(fieldTable(result.stdout)).toMatchObject({ Rows: '6', Created: '2', 'Invalid (skipped)': '4', Failed: '0' });
    expect(result.stderr).toContain('4 invalid rows were skipped (status "invalid" in');
    const states = finalStates(results(input.replace(/\.jsonl$/, '.results.jsonl')));
    expect([...states.entries()].map(([line, record]) => [line, record.status]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [1, 'created'],
      [2, 'invalid'],
      [3, 'invalid'],
      [5, 'invalid'],
      [6, 'created'],
      [7, 'invalid'],
    ]);
    expect(states.get(2)?.problems).toEqual(['apiKey is required: pipedrive uses API-key auth.']);
    expect(await generatePosts()).toBe(2);
    expectNoCanary(result.stdout, result.stderr, readFileSync(input.replace(/\.jsonl$/, '.results.jsonl'), 'utf8'));
  });
});

describe('connections generate --from-file: flags', { timeout: 120_000 }, () => {
  it.each([
    [['--from-file', 'x.jsonl', '--api-key-file', 'key.txt'], '--api-key-file cannot be used with --from-file: put each API key in its row (apiKey).'],
    [['--from-file', 'x.jsonl', '--custom', 'password=@pw.txt'], '--custom password: with --from-file, a value from a file or stdin would go to every row; put it in the rows instead.'],
    [['--resume'], '--resume works with --from-file only.'],
    [['--from-file', 'x.jsonl', '--concurrency', '0'], '--concurrency: must be a whole number from 1 to 64'],
    [['--from-file', 'x.jsonl', '--retry-uncertain'], '--retry-uncertain works with --resume only.'],
    [['--from-file', 'x.txt'], '--format: cannot tell the format of x.txt from its name.'],
    [['--from-file', 'missing.jsonl'], '--from-file: cannot read missing.jsonl (no such file).'],
    [['--from-file', '-', '--format', 'jsonl'], '--results PATH is needed with --from-file -'],
  ])('refuses %j before sending anything', async (args, message) => {
    const result = await ipctl([...generate, ...args], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(await generatePosts()).toBe(0);
  });

  it('refuses to start over a results file that holds a run, and to resume without one', async () => {
    const input = file('twice.jsonl', jsonl(`tw${work.run}`, 3));
    const first = await ipctl([...generate, '--from-file', input], { env: env() });
    expect(first.code).toBe(0);
    await fixture.clearRequests();
    const again = await ipctl([...generate, '--from-file', input], { env: env() });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already holds the results of a run');
    expect(again.stderr).toContain('Give --resume to continue that run');
    const resumeMissing = await ipctl([...generate, '--from-file', input, '--resume', '--results', join(work.path, 'nothing-here.jsonl')], { env: env() });
    expect(resumeMissing.code).toBe(2);
    expect(resumeMissing.stderr).toContain('--resume: there is no results file at');
    expect(await generatePosts()).toBe(0);
    await expectEachOnce(`tw${work.run}`, 3);
  });

  it('refuses to resume with a results file from another input', async () => {
    const first = file('first.jsonl', jsonl(`fa${work.run}`, 4));
    expect((await ipctl([...generate, '--from-file', first], { env: env() })).code).toBe(0);
    const other = file('other.jsonl', jsonl(`fb${work.run}`, 4));
    const result = await ipctl([...generate, '--from-file', other, '--resume', '--results', first.replace(/\.jsonl$/, '.results.jsonl')], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('does not record this input (4 lines differ); nothing was sent');
    expect(result.stderr).toContain('line 1: the results file records another connection (provider, groupRef or consumerRef) for this line.');
    expect(result.stderr).not.toContain(`fb${work.run}-1`);
    expect(await connectionsFor(`fb${work.run}`)).toEqual([]);
  });
});

describe('connections generate --from-file: a service that pushes back', { timeout: 120_000 }, () => {
  it('slows every worker on 429 and 503, retries those rows, records refusals, and --resume sends only what is missing', async () => {
    const prefix = `flt${work.run}`;
    const count = 200;
    const input = file('faults.jsonl', jsonl(prefix, count));
    const refusedRows = new Set([`${prefix}-60`, `${prefix}-92`, `${prefix}-172`]);
    // Rows 30 to 33 get a 429 (Retry-After: 1) the first time they are sent, row 116 a 503 problem (retryAfter in 1 s).
    const throttledRows = new Set([30, 31, 32, 33].map((index) => `${prefix}-${index}`));
    const unavailableRow = `${prefix}-116`;
    const seen = new Set<string>();
    proxy.setRule(({ body }) => {
      const groupRef = body.groupRef as string;
      if (refusedRows.has(groupRef)) return refused(422, 'The provider account is suspended.');
      const firstTime = !seen.has(groupRef);
      seen.add(groupRef);
      if (firstTime && throttledRows.has(groupRef)) return tooManyRequests(1);
      if (firstTime && groupRef === unavailableRow) return unavailable(1000);
      return { kind: 'pass' };
    });
    const result = await ipctl([...generate, '--from-file', input], { env: env(), timeoutMs: 120_000 });
    expect(result.code).toBe(1);
    const summary = fieldTable(result.stdout);
    expect(summary).toMatchObject({ Rows: '200', Created: '197', Failed: '3', Uncertain: '0', 'Not sent': '0', Retries: '5' });
    expect(result.stderr).toContain('3 rows failed; the service created nothing for them');
    expect(result.stderr).toContain('line 60: 422 Unprocessable Content: The provider account is suspended.');
    expect(result.stderr).toContain('Run the same command with --resume to send the failed rows again');

    // After the first 429 (Retry-After: 1) nothing new starts for a second: what reaches the service then was
    // already on its way (7 other requests at most, and on a starved machine as many started before ipctl read
    // the 429). Were only the worker that got it to wait, the other seven would send hundreds meanwhile.
    const first429 = proxy.arrivals.find((arrival) => arrival.status === 429)!;
    const duringPause = proxy.arrivals.filter((arrival) => arrival.at > first429.at && arrival.at < first429.at + 900);
    expect(duringPause.length).toBeLessThanOrEqual(14);
    const after503 = proxy.arrivals.find((arrival) => arrival.status === 503)!;
    expect(proxy.arrivals.filter((arrival) => arrival.at > after503.at && arrival.at < after503.at + 800).length).toBeLessThanOrEqual(14);

    const states = finalStates(results(input.replace(/\.jsonl$/, '.results.jsonl')));
    expect([...states.values()].filter((record) => record.status === 'failed').map((record) => [record.line, record.problem?.status]).sort()).toEqual([
      [172, 422],
      [60, 422],
      [92, 422],
    ]);
    expect([...states.values()].filter((record) => record.attempts === 2).map((record) => record.line).sort((a, b) => a - b)).toEqual([30, 31, 32, 33, 116]);
    expect(await connectionsFor(prefix)).toHaveLength(197);

    proxy.setRule(undefined);
    await fixture.clearRequests();
    const resumed = await ipctl([...generate, '--from-file', input, '--resume'], { env: env(), timeoutMs: 60_000 });
    expect(resumed.code).toBe(0);
    expect(fieldTable(resumed.stdout)).toMatchObject({ Rows: '200', Created: '3', 'Already created': '197', Failed: '0' });
    expect(await generatePosts()).toBe(3);
    await expectEachOnce(prefix, count);
    expectNoCanary(result.stdout, result.stderr, resumed.stdout, resumed.stderr, readFileSync(input.replace(/\.jsonl$/, '.results.jsonl'), 'utf8'));
  });

  it('marks a row uncertain on a 500, and --resume does not send it again', async () => {
    const prefix = `unc${work.run}`;
    const input = file('uncertain.jsonl', jsonl(prefix, 10));
    proxy.setRule(({ body }) => (body.groupRef === `${prefix}-4` ? { kind: 'answer', status: 500, body: { title: 'Internal Server Error', status: 500 } } : { kind: 'pass' }));
    const result = await ipctl([...generate, '--from-file', input], { env: env() });
    expect(result.code).toBe(1);
    expect(fieldTable(result.stdout)).toMatchObject({ Created: '9', Uncertain: '1', Failed: '0' });
    expect(result.stderr).toContain('1 row may or may not have been created (the request was sent, and no clear answer was recorded): line 4.');
    proxy.setRule(undefined);
    await fixture.clearRequests();
    const resumed = await ipctl([...generate, '--from-file', input, '--resume'], { env: env() });
    expect(resumed.code).toBe(1);
    expect(fieldTable(resumed.stdout)).toMatchObject({ Created: '0', Uncertain: '1', 'Already created': '9' });
    expect(await generatePosts()).toBe(0);
  });

  it('stops at once when the project does not exist, leaving the rest for --resume', async () => {
    const input = file('noproject.jsonl', jsonl(`np${work.run}`, 40));
    const result = await ipctl(['connections', 'generate', '--project', 'nope', '--from-file', input, '--concurrency', '2'], { env: env() });
    expect(result.code).toBe(3);
    const summary = fieldTable(result.stdout);
    expect(Number(summary.Failed)).toBeGreaterThanOrEqual(1);
    expect(Number(summary.Failed)).toBeLessThanOrEqual(2);
    expect(Number(summary['Not sent'])).toBe(40 - Number(summary.Failed));
    expect(result.stderr).toContain('Project "nope" does not exist');
    expect(await generatePosts()).toBeLessThanOrEqual(2);
  });
});

/** A process of this machine, `pid`, for a run of main() here; every other process it asks about is running. */
function runningProcess(pid: number): Processes {
  return { pid, hostname: hostname(), isRunning: () => true };
}

/** Spawns ipctl and keeps hold of it, for tests that signal it mid-run. */
function spawnIpctl(args: string[], extraEnv: Record<string, string | undefined>, input?: string): { child: ChildProcess; done: Promise<RunResult>; stderr: () => string } {
  const child = spawn(process.execPath, [ipctlBin, ...args], { env: cleanEnv(extraEnv), stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  if (input !== undefined) child.stdin!.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const done = new Promise<RunResult>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, done, stderr: () => stderr };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('connections generate --from-file: stopped halfway', { timeout: 120_000 }, () => {
  /** Starts importing `count` rows named after `name`: the first `passed` requests go through, then the service stops answering; resolves once 8 are in flight. */
  async function startHeldImport(name: string, count: number, passed: number) {
    const prefix = `${name}${work.run}`;
    const input = file(`${name}.jsonl`, jsonl(prefix, count));
    proxy.setRule(({ n }) => (n <= passed ? { kind: 'pass' } : { kind: 'hold' }));
    const running = spawnIpctl([...generate, '--from-file', input], env());
    await waitFor(() => proxy.heldCount() === 8, '8 held requests');
    return { prefix, input, resultsPath: input.replace(/\.jsonl$/, '.results.jsonl'), running };
  }

  it('after kill -9, --resume imports every row exactly once and never re-sends a row that was in flight', async () => {
    const count = 200;
    const { prefix, input, resultsPath, running } = await startHeldImport('kill', count, 80);
    running.child.kill('SIGKILL');
    const killed = await running.done;
    expect(killed.signal).toBe('SIGKILL');
    // One held request reaches the service after all (the client never learns), the others never do.
    const reachedGroup = proxy.arrivals.find((arrival) => arrival.fault === 'hold')!.groupRef as string;
    proxy.setRule(undefined);
    await proxy.release('forward', 1);
    await proxy.release('drop');

    const before = finalStates(results(resultsPath));
    expect([...before.values()].filter((record) => record.status === 'created')).toHaveLength(80);
    const inFlight = [...before.values()].filter((record) => record.status === 'started');
    expect(inFlight).toHaveLength(8);
    expect(await connectionsFor(prefix)).toHaveLength(81);

    await fixture.clearRequests();
    // The kill needs the built CLI; the resumed runs that follow only need main(), in this process.
    const resumed = await ipctl([...generate, '--from-file', input, '--resume'], { env: env(), timeoutMs: 120_000 });
    expect(resumed.code).toBe(1);
    expect(fieldTable(resumed.stdout)).toMatchObject({ Rows: '200', Created: '112', Uncertain: '8', 'Already created': '80', Failed: '0', 'Not sent': '0' });
    const uncertainLines = inFlight.map((record) => record.line).sort((a, b) => a - b);
    expect(resumed.stderr).toContain(`8 rows may or may not have been created (the request was sent, and no clear answer was recorded): lines ${uncertainLines.join(', ')}. --resume does not send them again`);
    expect(await generatePosts()).toBe(112);
    // Nothing was created twice: the row that reached the service exists once, the other seven not at all.
    const stored = await connectionsFor(prefix);
    expect(stored).toHaveLength(193);
    expect(new Set(stored.map((connection) => connection.groupRef)).size).toBe(193);

    // Having checked on the platform: record the one that exists, and send the others again.
    const reached = stored.find((connection) => connection.groupRef === reachedGroup)!;
    appendFileSync(resultsPath, `${JSON.stringify({ line: Number(reachedGroup.split('-').at(-1)), status: 'created', connectionId: reached.id })}\n`);
    const retried = await ipctl([...generate, '--from-file', input, '--resume', '--retry-uncertain'], { env: env(), timeoutMs: 60_000 });
    expect(retried.code).toBe(0);
    expect(fieldTable(retried.stdout)).toMatchObject({ Created: '7', 'Already created': '193', Uncertain: '0' });
    await expectEachOnce(prefix, count);
    expectNoCanary(resumed.stdout, resumed.stderr, retried.stdout, retried.stderr, killed.stdout, killed.stderr, readFileSync(resultsPath, 'utf8'));
  });

  it('on SIGTERM, starts no more rows, gives those in flight half a second, records them as uncertain, and exits 143 at once', async () => {
    const count = 150;
    const { prefix, input, resultsPath, running } = await startHeldImport('term', count, 50);
    const signalled = Date.now();
    running.child.kill('SIGTERM');
    const stopped = await running.done;
    const tookMs = Date.now() - signalled;
    proxy.setRule(undefined);
    // The held requests never reach the sandbox: nothing was created for them.
    await proxy.release('drop');
    expect(stopped.code).toBe(143);
    expect(tookMs).toBeLessThan(3000);
    expect(fieldTable(stopped.stdout)).toMatchObject({ Rows: '150', Created: '50', Failed: '0', Uncertain: '8', 'Not sent': '92' });
    expect(stopped.stderr).toContain('Interrupted: the requests in flight had half a second to finish; each is recorded, as uncertain where no answer came.');
    const states = finalStates(results(resultsPath));
    expect(states.size).toBe(58);
    expect([...states.values()].filter((record) => record.status === 'created')).toHaveLength(50);
    expect([...states.values()].filter((record) => record.status === 'uncertain')).toHaveLength(8);

    // The signal needs the built CLI; the resumed runs that follow only need main(), in this process.
    const resumed = await ipctl([...generate, '--from-file', input, '--resume'], { env: env(), timeoutMs: 60_000 });
    expect(resumed.code).toBe(1);
    expect(fieldTable(resumed.stdout)).toMatchObject({ Created: '92', 'Already created': '50', Uncertain: '8' });
    const retried = await ipctl([...generate, '--from-file', input, '--resume', '--retry-uncertain'], { env: env(), timeoutMs: 60_000 });
    expect(retried.code).toBe(0);
    await expectEachOnce(prefix, count);
    expectNoCanary(stopped.stdout, stopped.stderr, resumed.stdout, resumed.stderr, retried.stdout, retried.stderr, readFileSync(resultsPath, 'utf8'));
  });
});

// Linux only: the open, nameless spool file is seen through /proc.
describe.runIf(process.platform === 'linux')('connections generate --from-file: the stdin spool', { timeout: 120_000 }, () => {
  it('is a 0600 file with no name while the import runs, and nothing is left after kill -9', async () => {
    const spool = tempDir('ipctl-bulk-tmp-');
    try {
      proxy.setRule(({ n }) => (n <= 10 ? { kind: 'pass' } : { kind: 'hold' }));
      const running = spawnIpctl([...generate, '--from-file', '-', '--format', 'jsonl', '--results', join(work.path, `${work.run}-spool.results.jsonl`)], env({ TMPDIR: spool.path }), jsonl(`sp${work.run}`, 40));
      await waitFor(() => proxy.heldCount() === 8, '8 held requests');
      // Mid-run: nothing in the temporary directory, yet the process holds the spooled rows open.
      expect(readdirSync(spool.path)).toEqual([]);
      const fds = join('/proc', String(running.child.pid), 'fd');
      const spooled = readdirSync(fds).map((fd) => join(fds, fd)).filter((fd) => readlinkOr(fd).startsWith(spool.path));
      expect(spooled).toHaveLength(1);
      expect(readlinkOr(spooled[0]!)).toMatch(/\/ipctl-import-[^/]+\/rows \(deleted\)$/);
      expect(statSync(spooled[0]!).mode & 0o777).toBe(0o600);
      running.child.kill('SIGKILL');
      await running.done;
      expect(readdirSync(spool.path)).toEqual([]);
    } finally {
      spool.remove();
    }
  });
});

function readlinkOr(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
}

describe('connections generate --from-file at a terminal', { timeout: 120_000 }, () => {
  it('draws a progress bar on stderr, then the summary', async () => {
    const input = file('tty.jsonl', jsonl(`tty${work.run}`, 30));
    const result = await ipctlAtTerminal([...generate, '--from-file', input], { env: env(), timeoutMs: 60_000 });
    expect(result.code).toBe(0);
    // stdout and stderr share the terminal here: output holds both.
    const screen = result.output.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
    expect(screen).toContain('[####################] 30/30 100% · 30 created');
    expect(screen).toMatch(/│ Created\s+│ 30\s+│/);
    expectNoCanary(result.output);
    await expectEachOnce(`tty${work.run}`, 30);
  });

  it('writes plain progress lines under CI, never a bar redrawn in place, even in a terminal', async () => {
    const input = file('ci-tty.jsonl', jsonl(`citty${work.run}`, 30));
    const result = await ipctlAtTerminal([...generate, '--from-file', input], { env: env({ CI: 'true' }), timeoutMs: 60_000 });
    expect(result.code).toBe(0);
    expect(result.output).not.toContain('\u001b[K');
    expect(result.output).not.toContain('[####');
    expect(result.output.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '')).toMatch(/│ Created\s+│ 30\s+│/);
    await expectEachOnce(`citty${work.run}`, 30);
  });

  it('draws no progress and no notices with --quiet or IPCTL_QUIET, in a terminal too; the summary stays', async () => {
    for (const [name, flags, extra] of [['quiet', ['--quiet'], {}], ['qenv', [], { IPCTL_QUIET: '1' }]] as const) {
      const input = file(`${name}.jsonl`, jsonl(`${name}${work.run}`, 30));
      const result = await ipctlAtTerminal([...flags, ...generate, '--from-file', input], { env: env(extra), timeoutMs: 60_000 });
      expect(result.code).toBe(0);
      expect(result.output).not.toContain('[####');
      expect(result.output).not.toContain('\u001b[K');
      expect(result.output.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '')).toMatch(/│ Created\s+│ 30\s+│/);
      await expectEachOnce(`${name}${work.run}`, 30);
    }
  });
});

describe('connections generate --from-file: one run per results file', { timeout: 300_000 }, () => {
  /**
   * A run of one round: the built ipctl in the first round (interrupt() is SIGINT), main() in this
   * process in the others, as process `pid` of this machine (interrupt() is Ctrl-C as the host gives it).
   */
  function startRun(round: number, args: string[], pid: number): { done: Promise<{ code: number | null; stdout: string; stderr: string }>; interrupt: () => void } {
    if (round === 1) {
      const spawned = spawnIpctl(args, env());
      return { done: spawned.done, interrupt: () => spawned.child.kill('SIGINT') };
    }
    const stop = new AbortController();
    return { done: ipctl(args, { env: env(), processes: runningProcess(pid), signal: stop.signal, timeoutMs: 120_000 }), interrupt: () => stop.abort('SIGINT') };
  }

  it('of two runs started together on one input and results file, one runs and the other exits 2 at once, sending nothing (10 rounds)', async () => {
    for (let round = 1; round <= 10; round++) {
      const prefix = `pair${work.run}r${round}`;
      // 50 rows: the run that gets the lock holds it for all of them, far longer than the other takes to reach it;
      // and should the other come after the end, it is refused at the results left (both outcomes are checked).
      const input = file(`pair-${round}.jsonl`, jsonl(prefix, 50));
      await fixture.clearRequests();
      const [first, second] = await Promise.all([startRun(round, [...generate, '--from-file', input], 7001).done, startRun(round, [...generate, '--from-file', input], 7002).done]);
      expect([first.code, second.code].sort()).toEqual([0, 2]);
      const refused = first.code === 2 ? first : second;
      expect(refused.stdout).toBe('');
      // Refused at the lock, or (when the other run had already finished) at the results it left.
      expect(refused.stderr).toMatch(new RegExp(`--results: ${input.replace(/\.jsonl$/, '.results.jsonl').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} (is in use by another import \\((process \\d+|a process that is starting)\\); nothing was sent|already holds the results of a run)`));
      expect(await generatePosts()).toBe(50);
      await expectEachOnce(prefix, 50);
      expect(existsSync(`${input.replace(/\.jsonl$/, '.results.jsonl')}.lock`)).toBe(false);
    }
  });

  it('after an interrupted 1,000-row run, two --resume --retry-uncertain runs started together send each remaining row once (3 rounds)', async () => {
    for (let round = 1; round <= 3; round++) {
      const prefix = `twice${work.run}r${round}`;
      // Enough rows left (700, a second or more of sending) that the two resumed runs overlap: one holds the
      // lock while the other starts, even for two built CLIs started together (round 1), whose starts differ
      // by far less.
      const count = 1_000;
      const input = file(`twice-${round}.jsonl`, jsonl(prefix, count));
      await fixture.clearRequests();
      proxy.setRule(({ n }) => (n <= 300 ? { kind: 'pass' } : { kind: 'hold' }));
      const running = startRun(round, [...generate, '--from-file', input], 7000);
      await waitFor(() => proxy.heldCount() === 8, '8 held requests');
      running.interrupt();
      expect((await running.done).code).toBe(130);
      proxy.setRule(undefined);
      // The 8 held rows never reach the sandbox; the run recorded them as uncertain.
      await proxy.release('drop');
      const resume = [...generate, '--from-file', input, '--resume', '--retry-uncertain'];
      const [first, second] = await Promise.all([startRun(round, resume, 7001).done, startRun(round, resume, 7002).done]);
      expect([first.code, second.code].sort()).toEqual([0, 2]);
      expect(await generatePosts()).toBe(count);
      await expectEachOnce(prefix, count);
    }
  });

  it('takes over a lock left by a process that is gone, and says so; refuses one a live process holds', async () => {
    const prefix = `gone${work.run}`;
    const input = file('gone.jsonl', jsonl(prefix, 5));
    const lockPath = `${input.replace(/\.jsonl$/, '.results.jsonl')}.lock`;
    writeFileSync(lockPath, JSON.stringify({ pid: process.pid, host: hostname(), time: new Date().toISOString() }));
    await fixture.clearRequests();
    // In this process, as process 7003 of this machine; whether the others run is the system's answer.
    const asAnother = { ...systemProcesses(), pid: 7003 };
    const held = await ipctl([...generate, '--from-file', input], { env: env(), processes: asAnother });
    expect(held.code).toBe(2);
    expect(held.stderr).toContain(`is in use by another import (process ${process.pid}); nothing was sent`);
    expect(await generatePosts()).toBe(0);

    const exited = spawn(process.execPath, ['-e', '0']);
    const deadPid = exited.pid!;
    await new Promise((resolve) => exited.on('close', resolve));
    writeFileSync(lockPath, JSON.stringify({ pid: deadPid, host: hostname(), time: new Date().toISOString() }));
    const taken = await ipctl([...generate, '--from-file', input], { env: env(), processes: asAnother });
    expect(taken.code).toBe(0);
    expect(taken.stderr).toContain(`Took over the lock on ${input.replace(/\.jsonl$/, '.results.jsonl')}, left by process ${deadPid}, which is no longer running.`);
    await expectEachOnce(prefix, 5);
    expect(existsSync(lockPath)).toBe(false);
  });
});

describe('connections generate --from-file: waiting within the budget of one request', { timeout: 120_000 }, () => {
  const resultsOf = (input: string) => input.replace(/\.jsonl$/, '.results.jsonl');

  it('stops at once when the service asks to wait longer than IPCTL_RETRY_MAX_WAIT: the row failed, the rest left for --resume, exit 5', async () => {
    for (const [name, retryAfter, budget] of [['far', 3600, undefined], ['env', 5, '2']] as const) {
      const prefix = `budget${name}${work.run}`;
      const input = file(`budget-${name}.jsonl`, jsonl(prefix, 20));
      const seen = new Set<string>();
      proxy.setRule(({ body }) => {
        const groupRef = body.groupRef as string;
        const firstTime = !seen.has(groupRef);
        seen.add(groupRef);
        return firstTime && groupRef === `${prefix}-3` ? tooManyRequests(retryAfter) : { kind: 'pass' };
      });
      await fixture.clearRequests();
      const result = await ipctl([...generate, '--from-file', input, '--concurrency', '1'], { env: env({ IPCTL_RETRY_MAX_WAIT: budget }), timeoutMs: 60_000 });
      expect(result.code).toBe(5);
      expect(fieldTable(result.stdout)).toMatchObject({ Rows: '20', Created: '2', Failed: '1', 'Not sent': '17', Retries: '0' });
      const limit = budget === undefined ? '60 s' : '2.0 s';
      expect(result.stderr).toMatch(
        new RegExp(`Stopped: the service asks to wait ${retryAfter === 3600 ? '3600 s' : '5.0 s'} before any more requests, longer than ipctl waits \\(IPCTL_RETRY_MAX_WAIT: ${limit.replace('.', '\\.')}\\)\\. Run the same command with --resume after \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\.`),
      );
      const row = finalStates(results(resultsOf(input))).get(3)!;
      expect(row).toMatchObject({ status: 'failed', problem: { status: 429, title: 'Too Many Requests' } });
      expect(row.problem?.detail).toContain(`Not sent again: the service asked to wait ${retryAfter === 3600 ? '3600 s' : '5.0 s'}, longer than IPCTL_RETRY_MAX_WAIT; nothing was created.`);
      expect(proxy.arrivals).toHaveLength(3);

      proxy.setRule(undefined);
      const resumed = await ipctl([...generate, '--from-file', input, '--resume'], { env: env(), timeoutMs: 60_000 });
      expect(resumed.code).toBe(0);
      expect(fieldTable(resumed.stdout)).toMatchObject({ Created: '18', 'Already created': '2' });
      await expectEachOnce(prefix, 20);
    }
  });

  it('reads a negative or past Retry-After as none and backs off, rather than sending the row again at once', async () => {
    const prefix = `past${work.run}`;
    const input = file('past.jsonl', jsonl(prefix, 3));
    const asked: Record<string, string> = { [`${prefix}-1`]: '-5', [`${prefix}-2`]: 'Sat, 01 Jan 2000 00:00:00 GMT' };
    const seen = new Set<string>();
    proxy.setRule(({ body }) => {
      const groupRef = body.groupRef as string;
      const firstTime = !seen.has(groupRef);
      seen.add(groupRef);
      if (!firstTime || asked[groupRef] === undefined) return { kind: 'pass' };
      return { kind: 'answer', status: 429, headers: { 'retry-after': asked[groupRef]! }, body: { title: 'Too Many Requests', status: 429 } };
    });
    const result = await ipctl([...generate, '--from-file', input, '--concurrency', '1'], { env: env(), timeoutMs: 60_000 });
    expect(result.code).toBe(0);
    expect(fieldTable(result.stdout)).toMatchObject({ Created: '3', Retries: '2' });
    for (const groupRef of Object.keys(asked)) {
      const [first, second] = proxy.arrivals.filter((arrival) => arrival.groupRef === groupRef);
      // The first backoff is 0.5 s, give or take a fifth: never an immediate second request.
      expect(second!.at - first!.at, groupRef).toBeGreaterThanOrEqual(390);
    }
    await expectEachOnce(prefix, 3);
  });

  it('ends on the first Ctrl-C while every row waits out a Retry-After: exit 130, the waiting rows failed, nothing created twice', async () => {
    const prefix = `waitint${work.run}`;
    const input = file('waitint.jsonl', jsonl(prefix, 20));
    proxy.setRule(({ n }) => (n <= 2 ? { kind: 'pass' } : tooManyRequests(50)));
    const running = spawnIpctl([...generate, '--from-file', input, '--concurrency', '1'], env());
    await waitFor(() => proxy.arrivals.some((arrival) => arrival.status === 429), 'a 429');
    running.child.kill('SIGINT');
    const result = await running.done;
    expect(result.code).toBe(130);
    expect(fieldTable(result.stdout)).toMatchObject({ Created: '2', Failed: '1', 'Not sent': '17' });
    expect(proxy.arrivals).toHaveLength(3);
    proxy.setRule(undefined);
    // The resumed run only needs main(), in this process.
    const resumed = await ipctl([...generate, '--from-file', input, '--resume'], { env: env(), timeoutMs: 60_000 });
    expect(resumed.code).toBe(0);
    await expectEachOnce(prefix, 20);
  });
});

describe('connections generate --from-file: a results lock that cannot be used', () => {
  it.each([
    ['a directory', (lockPath: string) => mkdirSync(lockPath), 'it is a directory', 'rm -r'],
    ['a dangling symbolic link', (lockPath: string) => symlinkSync(join(work.path, 'nowhere'), lockPath), 'it is a symbolic link to nothing', 'rm'],
    ['text naming no process', (lockPath: string) => writeFileSync(lockPath, 'in use\n'), 'it does not name the process that holds it', 'rm'],
  ])('that is %s: exit 2 at once, naming it and how to remove it, nothing sent', async (name, make, reason, remove) => {
    const input = file(`badlock-${name.replace(/\W+/g, '-')}.jsonl`, jsonl(`badlock${work.run}`, 3));
    const lockPath = `${resultsOf(input)}.lock`;
    make(lockPath);
    const result = await ipctl([...generate, '--from-file', input], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Error: --results: The lock file ${lockPath} cannot be used (${reason}), so ipctl cannot tell whether another ipctl holds it.\nIf no ipctl is running, remove it (${remove} ${lockPath}) and try again.\n`,
    );
    expect(await generatePosts()).toBe(0);
    expect(existsSync(resultsOf(input))).toBe(false);
  });

  function resultsOf(input: string): string {
    return input.replace(/\.jsonl$/, '.results.jsonl');
  }
});

describe('SIGHUP, SIGQUIT and SIGINT', () => {
  // SIGHUP (the terminal or SSH session closed) and SIGQUIT (Ctrl-\) end a bulk
  // import as SIGTERM does (README, "Exit codes"; docs/commands/connections-bulk.md,
  // "Interrupting"): no more rows started, those in flight settled and recorded,
  // the lock on the results file released, the summary written; exit 129 and 131,
  // 128 plus the signal's number as shells report it. The built CLI: signals are the point.
  const fixture = useFixture();
  const work = useWorkspace('ipctl-bulk-signals-');
  const proxy = useFaultProxy(() => fixture.sandbox.baseUrl);

  async function waitFor(condition: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  describe('a bulk import stopped by a signal', { timeout: 60_000 }, () => {
    const cases: Array<[NodeJS.Signals, number]> = [
      ['SIGHUP', 129],
      ['SIGQUIT', 131],
    ];
    for (const [signal, code] of cases) {
      it(`${signal}: settles the rows in flight, releases the lock, writes the summary, exits ${code}`, async () => {
        const group = `sig-${signal}-${Date.now()}`;
        const input = join(work.path, `${signal}.jsonl`);
        writeFileSync(input, Array.from({ length: 30 }, (_, index) => JSON.stringify({ groupRef: group, consumerRef: `u-${index + 1}`, providerWorkspaceRef: 'ws', apiKey: `pk_sig_${index + 1}` })).join('\n') + '\n');
        const results = join(work.path, `${signal}.results.jsonl`);
        // The first 10 requests are answered; the next ones are held with no answer.
        proxy.setRule(({ n }) => (n <= 10 ? { kind: 'pass' } : { kind: 'hold' }));
        const running = startIpctl(['connections', 'generate', '--provider', 'pipedrive', '--project', 'proj_demo', '--from-file', input, '--concurrency', '4'], { env: fixture.env({ IPCTL_BASE_URL: proxy.baseUrl }), timeoutMs: 30_000 });
        await waitFor(() => proxy.heldCount() === 4, '4 held requests');
        running.child.kill(signal);
        const stopped = await running.result();
        expect(stopped.signal).toBe(null);
        expect(stopped.code).toBe(code);
        // The summary (a table in a pipe: FIELD<TAB>VALUE) and what happened, on stderr.
        const summary = Object.fromEntries(stopped.stdout.trimEnd().split('\n').slice(1).map((line) => line.split('\t')));
        expect(summary).toMatchObject({ Rows: '30', Created: '10', Uncertain: '4', 'Not sent': '16' });
        expect(stopped.stderr).toContain('Interrupted: the requests in flight had half a second to finish; each is recorded, as uncertain where no answer came.');
        expect(stopped.stderr).not.toMatch(/\n\s+at /);
        // Each row in flight is recorded as uncertain; the lock is gone.
        const last = new Map<number, string>();
        for (const text of readFileSync(results, 'utf8').split('\n').filter(Boolean)) {
          const record = JSON.parse(text) as { line: number; status: string };
          last.set(record.line, record.status);
        }
        expect([...last.values()].filter((status) => status === 'uncertain')).toHaveLength(4);
        expect([...last.values()].filter((status) => status === 'created')).toHaveLength(10);
        expect(existsSync(`${results}.lock`)).toBe(false);
      });
    }
  });

  // Ctrl-C during one request, from a real SIGINT; the rest of what Ctrl-C does to a request is tested in-process (retries.test.ts).
  describe('a request stopped by SIGINT', { timeout: 60_000 }, () => {
    it('is aborted, and ipctl exits 130', async () => {
      await fixture.addFaults({ getOrg: [{ kind: 'hang' }] });
      try {
        const running = startIpctl(['orgs', 'get'], { env: fixture.env() });
        while (!(await fixture.requests()).some((request) => request.operation === 'getOrg')) await new Promise((resolve) => setTimeout(resolve, 20));
        running.child.kill('SIGINT');
        const result = await running.result();
        expect(result.code).toBe(130);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe('Error: Interrupted; the request was aborted.\n');
      } finally {
        await fixture.clearFaults();
      }
    });
  });
});
