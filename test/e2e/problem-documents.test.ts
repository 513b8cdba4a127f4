// With -o json or -o yaml, every failure is one RFC 9457 problem document on
// stderr, in that format: what the service sent and what ipctl found itself,
// a bulk import with rows not created included.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { ipctl } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture({ clearFaults: true });

function document(stderr: string): Record<string, unknown> {
  const parsed = JSON.parse(stderr) as Record<string, unknown>;
  expect(typeof parsed.type).toBe('string');
  expect(typeof parsed.title).toBe('string');
  return parsed;
}

describe('failures in the output format asked for', () => {
  it('invalid input found by ipctl: JSON with its field-level errors, exit 2, nothing sent', async () => {
    await fixture.clearRequests();
    const result = await ipctl(['connections', 'generate', '--no-input', '--project', 'demo', '--provider', 'pipedrive', '-o', 'json'], { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const problem = document(result.stderr);
    expect(problem).toMatchObject({ type: 'urn:ipctl:problem:invalid-input', exitCode: 2 });
    expect(problem.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'groupRef', detail: expect.stringContaining('groupRef is required') })]));
    expect((await fixture.requests()).filter((request) => request.operation === 'generateConnection')).toEqual([]);
  });

  it('an invalid flag value: JSON naming the flag, exit 2', async () => {
    const result = await ipctl(['invites', 'list', '--status', 'bogus', '-o', 'json'], { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(document(result.stderr)).toMatchObject({ exitCode: 2, errors: [{ flag: '--status', detail: expect.stringContaining('must be one of') }] });
  });

  it('a network failure: JSON, exit 5', async () => {
    const result = await ipctl(['orgs', 'get', 'org_demo', '-o', 'json', '--retries', '0'], { env: fixture.env({ IPCTL_BASE_URL: 'http://127.0.0.1:9/v1' }) });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(document(result.stderr)).toMatchObject({ type: 'urn:ipctl:problem:network', exitCode: 5 });
  });

  it("the service's problem under -o yaml: YAML, exit 3", async () => {
    const result = await ipctl(['orgs', 'get', 'org_missing', '-o', 'yaml'], { env: fixture.env() });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(() => JSON.parse(result.stderr)).toThrow();
    expect(parseYaml(result.stderr)).toMatchObject({ status: 404, title: 'Not Found', exitCode: 3, type: expect.any(String) });
  });

  it('a 429 given up on: the JSON says when to try again, in seconds', async () => {
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 429, retryAfter: '120', times: 5 }] });
    const result = await ipctl(['orgs', 'get', 'org_demo', '-o', 'json'], { env: fixture.env() });
    expect(result.code).toBe(5);
    expect(document(result.stderr)).toMatchObject({ status: 429, exitCode: 5, retryAfter: 120 });
  });

  it('a bulk import with failed rows: exactly one JSON document, exitCode 1, the failed rows by line; the summary on stdout', async () => {
    const files = tempDir('ipctl-bulk-document-');
    try {
      const input = join(files.path, 'rows.jsonl');
      const rows = [1, 2, 3].map((line) => JSON.stringify({ provider: 'pipedrive', groupRef: `doc-group-${line}`, consumerRef: `doc-user-${line}`, providerWorkspaceRef: 'acme', apiKey: `pk_CANARY_${line}_document` }));
      writeFileSync(input, `${rows.join('\n')}\n`);
      await fixture.addFaults({ generateConnection: [{ kind: 'status', status: 422, times: 2 }] });
      const result = await ipctl(['connections', 'generate', '--project', 'demo', '--from-file', input, '--concurrency', '1', '-o', 'json'], { env: fixture.env() });
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout)).toMatchObject({ rows: 3, created: 1, failed: 2 });
      const problem = document(result.stderr);
      expect(problem).toMatchObject({ type: 'urn:ipctl:problem:import-rows-failed', exitCode: 1 });
      expect(problem.errors).toEqual([
        { line: 1, status: 'failed', detail: '422 Injected Fault' },
        { line: 2, status: 'failed', detail: '422 Injected Fault' },
      ]);
      expect(result.stderr).not.toMatch(/canary|doc-group|doc-user/i);
    } finally {
      files.remove();
    }
  });

  it('a table run keeps the readable message', async () => {
    const result = await ipctl(['orgs', 'get', 'org_missing'], { env: fixture.env() });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^Error: Not Found \(HTTP 404\)/);
  });
});

describe('failures found before any command runs, in the format argv asks for', () => {
  it.each([
    [['orgs', 'get', '--stauts', 'x', '-o', 'json'], /^Unknown option '--stauts'\./],
    [['orgs', 'get', '--json', '--token=tok_CANARY_argv_123'], /^--token would put a secret on the command line/],
  ])('%j: a JSON problem document, exit 2', async (args, title) => {
    const result = await ipctl(args, { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const problem = document(result.stderr);
    expect(problem).toMatchObject({ type: 'urn:ipctl:problem:invalid-input', exitCode: 2 });
    expect(problem.title).toMatch(title);
    expect(result.stderr).not.toContain('CANARY');
  });

  it('stays text without an output format', async () => {
    const result = await ipctl(['orgs', 'get', '--stauts', 'x'], { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Error: Unknown option '--stauts'\.\nSee: ipctl orgs get --help\n$/);
  });
});
