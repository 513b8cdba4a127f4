// Properties of --resume over edits between runs (docs/commands/connections-bulk.md,
// "Resuming"): whatever the user does to the input (fix a row, insert, delete,
// reorder, repeat one) or appends to the results file by hand (a created record
// with or without its key, with or without a final newline, CRLF, blank lines),
// and whether a run died with a request in flight, no connection is created
// twice, and every connection a run reports created was created. The sandbox
// says what exists. In-process; a few runs, so it stays fast.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { fuzzParameters } from './arbitraries.js';

const fixture = useFixture();
const files = tempDir('ipctl-fuzz-resume-');
let scenario = 0;

afterAll(() => {
  files.remove();
});

const env = () => fixture.env({ IPCTL_NO_INPUT: '1', IPCTL_PROJECT: 'proj_demo' });
const consumers = 3;

interface Row {
  consumer: number;
  valid: boolean;
}

type Edit =
  | { kind: 'set'; at: number; row: Row }
  | { kind: 'insert'; at: number; row: Row }
  | { kind: 'delete'; at: number }
  | { kind: 'swap'; at: number; other: number }
  | { kind: 'repeat'; at: number; to: number }
  | { kind: 'hand'; consumer: number; withKey: boolean; before: string; ending: string }
  | { kind: 'crash'; at: number; reached: boolean };

const row = fc.record({ consumer: fc.nat(consumers - 1), valid: fc.boolean() });
const position = fc.nat(8);
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: position, row }),
  fc.record({ kind: fc.constant('insert' as const), at: position, row }),
  fc.record({ kind: fc.constant('delete' as const), at: position }),
  fc.record({ kind: fc.constant('swap' as const), at: position, other: position }),
  fc.record({ kind: fc.constant('repeat' as const), at: position, to: position }),
  fc.record({
    kind: fc.constant('hand' as const),
    consumer: fc.nat(consumers - 1),
    withKey: fc.boolean(),
    before: fc.constantFrom('', '\n', '\r\n'),
    ending: fc.constantFrom('', '\n', '\r\n', '\r\n\r\n', '\n\n'),
  }),
  fc.record({ kind: fc.constant('crash' as const), at: position, reached: fc.boolean() }),
);

interface Scenario {
  group: string;
  csv: boolean;
  input: string;
  results: string;
  rows: Row[];
}

interface Connection {
  id: string;
  consumer: string;
}

function connections(group: string): Connection[] {
  return fixture.sandbox.state.projects.proj_demo!.connections
    .filter((connection) => connection.group.groupRef === group && connection.provider === 'pipedrive')
    .map((connection) => ({ id: connection.id, consumer: connection.consumer.consumerRef }));
}

/** The input line of the row at `index`: a CSV's header is line 1. */
const lineOf = (s: Scenario, index: number): number => index + (s.csv ? 2 : 1);

function writeInput(s: Scenario): void {
  const cells = (r: Row, index: number) => [s.group, `u${r.consumer}`, 'ws', r.valid ? `pk_fuzz_${scenario}_${index}` : ''];
  const text = s.csv
    ? ['groupRef,consumerRef,providerWorkspaceRef,apiKey', ...s.rows.map((r, index) => cells(r, index).join(','))].join('\n')
    : s.rows.map((r, index) => {
        const [groupRef, consumerRef, providerWorkspaceRef, apiKey] = cells(r, index);
        return JSON.stringify({ groupRef, consumerRef, providerWorkspaceRef, ...(apiKey ? { apiKey } : {}) });
      }).join('\n');
  writeFileSync(s.input, `${text}\n`);
}

/** Creates the connection by hand (one `connections generate`), as a person settling a row would; its ID. */
async function createByHand(s: Scenario, consumer: number): Promise<string> {
  const made = await runMain(['connections', 'generate', '--provider', 'pipedrive', '--group-ref', s.group, '--consumer-ref', `u${consumer}`, '--workspace', 'ws', '--api-key-file', '-', '-o', 'json'], { env: env(), stdin: `pk_hand_${scenario}` });
  expect(made.code).toBe(0);
  return (JSON.parse(made.stdout) as { id: string }).id;
}

const key = (s: Scenario, consumer: number) => ({ provider: 'pipedrive', groupRef: s.group, consumerRef: `u${consumer}` });
const at = (s: Scenario, index: number) => (s.rows.length === 0 ? 0 : index % s.rows.length);

async function apply(s: Scenario, change: Edit): Promise<void> {
  const { rows } = s;
  switch (change.kind) {
    case 'set':
      if (rows.length > 0) rows[at(s, change.at)] = change.row;
      break;
    case 'insert':
      rows.splice(change.at % (rows.length + 1), 0, change.row);
      break;
    case 'delete':
      if (rows.length > 1) rows.splice(at(s, change.at), 1);
      break;
    case 'swap': {
      if (rows.length === 0) break;
      const [a, b] = [at(s, change.at), at(s, change.other)];
      [rows[a], rows[b]] = [rows[b]!, rows[a]!];
      break;
    }
    case 'repeat':
      if (rows.length > 0) rows.splice(change.to % (rows.length + 1), 0, { ...rows[at(s, change.at)]! });
      break;
    case 'hand': {
      // Settles the first row with that key as created, as the docs say to: the record names its line, and its key or not.
      const index = rows.findIndex((r) => r.consumer === change.consumer);
      if (index === -1) break;
      const existing = connections(s.group).find((c) => c.consumer === `u${change.consumer}`);
      const id = existing?.id ?? (await createByHand(s, change.consumer));
      const record = { line: lineOf(s, index), status: 'created', ...(change.withKey ? key(s, change.consumer) : {}), connectionId: id };
      appendFileSync(s.results, `${change.before}${JSON.stringify(record)}${change.ending}`);
      break;
    }
    case 'crash': {
      // A run that died with this row's request in flight: its started record, and the connection if the request got there.
      if (rows.length === 0) break;
      const index = at(s, change.at);
      const target = rows[index]!;
      if (!target.valid || connections(s.group).some((c) => c.consumer === `u${target.consumer}`)) break;
      if (change.reached) await createByHand(s, target.consumer);
      appendFileSync(s.results, `${JSON.stringify({ line: lineOf(s, index), status: 'started', ...key(s, target.consumer), time: '2026-11-27T10:00:00.000Z' })}\n`);
      break;
    }
  }
  writeInput(s);
}

/** One run of the import, and the properties it must keep. */
async function runAndCheck(s: Scenario, flags: string[]): Promise<void> {
  const before = connections(s.group).length;
  const result = await runMain(['connections', 'generate', '--provider', 'pipedrive', '--from-file', s.input, '--skip-invalid', '-o', 'json', ...flags], { env: env() });
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect([0, 1, 2]).toContain(result.code);
  const now = connections(s.group);
  // No key is ever created twice.
  const perConsumer = new Map<string, number>();
  for (const c of now) perConsumer.set(c.consumer, (perConsumer.get(c.consumer) ?? 0) + 1);
  expect([...perConsumer.values()].filter((count) => count > 1)).toEqual([]);
  // What the run reports created is what it created, and nothing else.
  const created = result.code === 2 ? 0 : (JSON.parse(result.stdout) as { created: number }).created;
  expect(now.length - before).toBe(created);
  // Every created record names a connection that exists, with the key it says.
  if (!existsSync(s.results)) return;
  for (const text of readFileSync(s.results, 'utf8').split(/\r?\n/)) {
    if (text.trim() === '') continue;
    const record = JSON.parse(text) as { status: string; connectionId?: string; consumerRef?: string };
    if (record.status !== 'created' || !record.connectionId) continue;
    const found = now.find((c) => c.id === record.connectionId);
    expect(found).toBeDefined();
    if (record.consumerRef !== undefined) expect(found!.consumer).toBe(record.consumerRef);
  }
}

it('no connection is created twice, and what is reported created was, whatever is edited between runs', { timeout: 120_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(row, { minLength: 1, maxLength: 4 }),
      fc.boolean(),
      fc.array(fc.record({ edit, retryUncertain: fc.boolean() }), { minLength: 1, maxLength: 3 }),
      async (rows, csv, steps) => {
        scenario += 1;
        const s: Scenario = { group: `fz-${scenario}-${Date.now()}`, csv, input: join(files.path, `${scenario}.${csv ? 'csv' : 'jsonl'}`), results: join(files.path, `${scenario}.results.jsonl`), rows: rows.map((r) => ({ ...r })) };
        writeInput(s);
        await runAndCheck(s, []);
        for (const step of steps) {
          await apply(s, step.edit);
          await runAndCheck(s, ['--resume', ...(step.retryUncertain ? ['--retry-uncertain'] : [])]);
        }
      },
    ),
    fuzzParameters(12),
  );
});
