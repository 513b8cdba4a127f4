// What a bulk import reads of connections:generate's answer: the connection's ID
// and project, which its `created` record carries (docs/commands.md), whatever
// else the answer holds; an answer whose ID is not text is not understood, and
// the row is left uncertain (README, "Reliability"). The answer's body reaches
// the same text however it is sent: with its length, chunked, or compressed.
// And what goes on the wire is the body ipctl built, "__proto__" keys included.
// ipctl runs in this process against HTTP stubs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type StubAnswer, useHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';
import { useFreshDir } from '../helpers/workspace.js';

const stubs = useHttpStubs();
const dir = useFreshDir('ipctl-bulk-answers-');

const provider = { name: 'public-holidays', authType: 'none' };
const generatePath = '/projects/demo/connections:generate';

/** Imports one row against the stubs; the records of its results file. */
async function importOne(answer: StubAnswer) {
  stubs.register('GET', '/providers/public-holidays', { status: 200, json: provider });
  stubs.register('POST', generatePath, answer);
  const input = join(dir.path, 'rows.jsonl');
  const results = join(dir.path, 'rows.results.jsonl');
  writeFileSync(input, `${JSON.stringify({ provider: 'public-holidays', groupRef: 'g-1', consumerRef: 'c-1' })}\n`);
  const env = { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_API_KEY: 'key_bulk_answers_test', IPCTL_CONFIG_DIR: join(dir.path, 'config'), NO_COLOR: '1' };
  const result = await runMain(['connections', 'generate', '--project', 'demo', '--from-file', input, '--results', results, '-o', 'json'], { env });
  const records = readFileSync(results, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  stubs.verify();
  return { result, ending: records.at(-1)! };
}

const connection = { id: 'conn_answers_1', projectId: 'proj_demo', provider: 'public-holidays', group: { groupRef: 'g-1' }, consumer: { consumerRef: 'c-1' }, status: 'created' };

const gzipped = gzipSync(JSON.stringify(connection));

describe("a bulk import reads the created connection's ID and project", () => {
  it('from a full answer: created, with both in the record', async () => {
    const { result, ending } = await importOne({ status: 201, json: connection });
    expect(result.code, result.stderr).toBe(0);
    expect(ending).toMatchObject({ line: 1, status: 'created', connectionId: 'conn_answers_1', projectId: 'proj_demo' });
  });

  it('from an answer whose other fields have shapes of their own: still created, with its ID', async () => {
    const { result, ending } = await importOne({ status: 201, json: { ...connection, group: 'g-1', createTime: 17, providerMetadata: [1, 2] } });
    expect(result.code, result.stderr).toBe(0);
    expect(ending).toMatchObject({ status: 'created', connectionId: 'conn_answers_1', projectId: 'proj_demo' });
  });

  it('from an answer whose ID is not text: not understood, the row uncertain, exit 1', async () => {
    const { result, ending } = await importOne({ status: 201, json: { ...connection, id: 42 } });
    expect(result.code).toBe(1);
    expect(ending).toMatchObject({ status: 'uncertain' });
    expect(ending).not.toHaveProperty('connectionId');
  });

  it.each([
    ['with its length declared', { 'content-length': String(Buffer.byteLength(JSON.stringify(connection))) }, JSON.stringify(connection)],
    ['chunked, with no length', { 'transfer-encoding': 'chunked' }, JSON.stringify(connection)],
    ['gzip-compressed, with its length', { 'content-encoding': 'gzip', 'content-length': String(gzipped.length) }, gzipped],
    ['gzip-compressed, chunked', { 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' }, gzipped],
  ])('from an answer sent %s: the same record', async (_how, headers, body) => {
    const answer: StubAnswer = { status: 201, headers: { 'content-type': 'application/json', ...headers }, body };
    const { result, ending } = await importOne(answer);
    expect(result.code, result.stderr).toBe(0);
    expect(ending).toMatchObject({ status: 'created', connectionId: 'conn_answers_1', projectId: 'proj_demo' });
  });
});

describe('what goes on the wire is the body ipctl built', () => {
  it('a "__proto__" field is sent as a field of its object, with its value (ipctl api -f)', async () => {
    stubs.register('POST', '/things', { status: 200, json: { ok: true } });
    const env = { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_API_KEY: 'key_wire_body_test', IPCTL_CONFIG_DIR: join(dir.path, 'config'), NO_COLOR: '1' };
    const result = await runMain(['api', '/things', '-f', '__proto__[polluted]=yes', '-f', 'constructor=c', '-f', 'name=n'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(stubs.received[0]!.body)).toEqual(JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":"c","name":"n"}'));
    expect(stubs.received[0]!.body).toBe('{"__proto__":{"polluted":"yes"},"constructor":"c","name":"n"}');
    stubs.verify();
  });
});
