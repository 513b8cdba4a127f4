// No message ever quotes a value from a bulk import's file. Each malformed
// file below has a distinct canary in every cell (and in every header name
// that is not one of ipctl's own); it is imported from a file and from stdin,
// under every output format (and --debug), as a pipe and as a terminal with color. Every
// run must refuse it (exit 2), say what is wrong by line or column, show no
// canary anywhere, and send no request at all: the HTTP stub has nothing
// registered, and verify() fails on any request that reached it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { type HttpStubs, startHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';

let counter = 0;
/** A distinct canary for one cell. */
const c = (): string => `CANARY${String((counter += 1)).padStart(3, '0')}v`;
/** A value in Windows-1252: "é" is the one byte 0xE9. */
const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

interface MalformedCase {
  name: string;
  format: 'csv' | 'jsonl';
  content: string | Buffer;
  /** Whether the whole file is refused (a header, syntax or encoding problem), or its rows are invalid one by one. */
  level: 'file' | 'rows';
  /** What the refusal says in a pipe, so that the run is refused for the reason meant. */
  says: RegExp;
}

const header = 'provider,groupRef,consumerRef,apiKey';
const deep = (value: string): string => `${'{"a":'.repeat(600)}"${value}"${'}'.repeat(600)}`;

const cases: MalformedCase[] = [
  { name: 'a CSV without a header row', format: 'csv', content: `${c()},${c()},${c()},${c()}\n${c()},${c()},${c()},${c()}\n`, level: 'file', says: /the CSV has no header/ },
  { name: 'a CSV header with an unknown column', format: 'csv', content: `${header},${c()}\n${c()},${c()},${c()},${c()},${c()}\n`, level: 'file', says: /column 5 \(E\) is not a field of the request body/ },
  { name: 'a CSV header with thousands of unknown columns', format: 'csv', content: `groupRef,${Array.from({ length: 3000 }, c).join(',')}\n${c()}\n`, level: 'file', says: /names 3,000 columns ipctl cannot use/ },
  { name: 'a CSV without a required column', format: 'csv', content: `provider,groupRef,apiKey\n${c()},${c()},${c()}\n${c()},${c()},${c()}\n`, level: 'rows', says: /lines 2, 3: consumerRef is required/ },
  { name: 'a CSV record with too many values', format: 'csv', content: `${header}\n${c()},${c()},${c()},${c()},${c()},${c()}\n`, level: 'rows', says: /line 2: the record has 6 values, and the header names 4 columns/ },
  { name: 'a CSV record with too few values', format: 'csv', content: `${header}\n${c()},${c()}\n`, level: 'rows', says: /line 2: the record has 2 values/ },
  {
    name: 'a CSV with bytes that are not UTF-8 (Windows-1252)',
    format: 'csv',
    content: Buffer.concat([Buffer.from(`${header}\n${c()},${c()},${c()},`), latin1(`${c()}\u00e9${c()}`), Buffer.from('\n')]),
    level: 'rows', says: /line 2: the value in column 4 \(D\), apiKey, is not UTF-8 text/,
  },
  { name: 'a CSV whose quoting breaks', format: 'csv', content: `${header}\n"${c()}"${c()},${c()},${c()},${c()}\n`, level: 'file', says: /the CSV is malformed at line 2/ },
  { name: 'a CSV whose quote is never closed', format: 'csv', content: `${header}\n${c()},"${c()},${c()},${c()}\n`, level: 'file', says: /a quoted value is never closed/ },
  { name: 'a CSV header naming a column twice', format: 'csv', content: `${header},groupRef\n${c()},${c()},${c()},${c()},${c()}\n`, level: 'file', says: /column 5 \(E\) has the same name as column 2 \(B\)/ },
  { name: 'a CSV header with an empty name', format: 'csv', content: `${header},\n${c()},${c()},${c()},${c()},${c()}\n`, level: 'file', says: /column 5 \(E\) has no name/ },
  { name: 'a CSV header naming an object', format: 'csv', content: `${header},customAuth\n${c()},${c()},${c()},${c()},${c()}\n`, level: 'file', says: /column 5 \(E\) names customAuth, an object/ },
  { name: 'a CSV in UTF-16', format: 'csv', content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${header}\n${c()},${c()},${c()},${c()}\n`, 'utf16le')]), level: 'file', says: /the file is UTF-16 text/ },
  { name: 'a CSV with a malformed timestamp', format: 'csv', content: `provider,groupRef,consumerRef,oauth2AuthorizationCode.refreshToken,oauth2AuthorizationCode.refreshToken.expiresAt\n${c()},${c()},${c()},${c()},${c()}\n`, level: 'rows', says: /line 2: .*expiresAt must be an RFC 3339 date-time/ },
  { name: 'a CSV with a value too long', format: 'csv', content: `${header}\n${c()},${c().repeat(30)},${c()},${c()}\n`, level: 'rows', says: /line 2: groupRef is longer than 256 characters/ },
  {
    name: 'JSON lines of the wrong type',
    format: 'jsonl',
    content: `${JSON.stringify({ provider: c(), groupRef: { x: c() }, consumerRef: c(), apiKey: [c()] })}\n${JSON.stringify([c(), c()])}\n${JSON.stringify(c())}\n`,
    level: 'rows', says: /line 1: groupRef must be a string, not an object[\s\S]*line 2: each line must hold one JSON object \(a request body\), not an array[\s\S]*line 3: .*not a string/,
  },
  { name: 'JSON lines that are not JSON', format: 'jsonl', content: `{"provider":"${c()}","apiKey":"${c()}"\n{"groupRef": ${c()}}\n`, level: 'rows', says: /lines 1, 2: not valid JSON|line 1: not valid JSON/ },
  {
    name: 'JSON lines with bytes that are not UTF-8',
    format: 'jsonl',
    content: Buffer.concat([Buffer.from(`{"provider":"${c()}","groupRef":"${c()}","consumerRef":"${c()}","apiKey":"`), latin1(`${c()}\u00e9${c()}`), Buffer.from('"}\n')]),
    level: 'rows', says: /line 1: not UTF-8 text at column \d+/,
  },
  { name: 'JSON lines with an unknown field', format: 'jsonl', content: `${JSON.stringify({ provider: c(), groupRef: c(), consumerRef: c(), apiKye: c() })}\n`, level: 'rows', says: /line 1: apiKye is not a field of this request; did you mean apiKey\?/ },
  { name: 'JSON lines with control characters', format: 'jsonl', content: `${JSON.stringify({ provider: c(), groupRef: `${c()}\u0007\u001b[2J`, consumerRef: c(), apiKey: c() })}\n`, level: 'rows', says: /line 1: groupRef must not contain control characters/ },
  {
    name: 'JSON lines with a malformed scope',
    format: 'jsonl',
    content: `${JSON.stringify({ provider: c(), groupRef: c(), consumerRef: c(), oauth2AuthorizationCode: { scopes: [c(), `${c()} ${c()}`], refreshToken: { token: c() } } })}\n`,
    level: 'rows', says: /line 1: oauth2AuthorizationCode\.scopes: scope 2 contains white space or a comma/,
  },
  { name: 'JSON lines nested too deeply', format: 'jsonl', content: `${deep(c())}\n`, level: 'rows', says: /line 1: the line is nested too deeply/ },
  { name: 'a JSON line longer than 1 MiB', format: 'jsonl', content: `${JSON.stringify({ provider: c(), apiKey: c().repeat(120_000) })}\n`, level: 'rows', says: /line 1: the line is longer than 1 MiB/ },
];

const formats: Array<{ name: string; args: string[]; terminal?: boolean }> = [
  { name: 'a table in a pipe', args: [] },
  { name: 'a table on a terminal, in color', args: [], terminal: true },
  { name: 'a wide table', args: ['-o', 'wide'] },
  { name: 'JSON', args: ['-o', 'json'] },
  { name: 'YAML', args: ['-o', 'yaml'] },
  { name: 'a table in a pipe, with --debug traces', args: ['--debug'] },
  { name: '--query', args: ['--query', 'rows'] },
];

/** How the rows come in: a file, or stdin. --skip-invalid --dry-run lists the invalid rows as messages beside the data. */
const modes: Array<{ name: string; extra: string[] }> = [
  { name: 'refused', extra: [] },
  { name: 'listed by --skip-invalid --dry-run', extra: ['--skip-invalid', '--dry-run'] },
];

let stubs: HttpStubs;
const files = tempDir('ipctl-bulk-malformed-');

beforeAll(async () => {
  stubs = await startHttpStubs();
});
afterAll(async () => {
  await stubs.close();
  files.remove();
});

function env(terminal: boolean): Record<string, string | undefined> {
  return {
    IPCTL_BASE_URL: stubs.baseUrl,
    IPCTL_API_KEY: 'ipk_stub_platform_key',
    IPCTL_CONFIG_DIR: join(files.path, 'config'),
    IPCTL_RETRIES: '0',
    ...(terminal ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' }),
  };
}

describe('no message quotes a value from a malformed bulk file', { timeout: 120_000 }, () => {
  it.each(cases.map((entry, index) => [entry.name, entry, index] as const))('%s', async (_name, entry, index) => {
    const path = join(files.path, `case-${index}.${entry.format}`);
    writeFileSync(path, entry.content);
    const canaries = /CANARY/i;
    for (const format of formats) {
      for (const source of ['file', 'stdin'] as const) {
        const mode = modes[(formats.indexOf(format) + (source === 'stdin' ? 1 : 0)) % modes.length]!;
        const input = source === 'file' ? ['--from-file', path] : ['--from-file', '-', '--format', entry.format];
        const args = ['connections', 'generate', '--project', 'demo', ...input, '--results', join(files.path, `results-${index}-${source}.jsonl`), ...mode.extra, ...format.args];
        const result = await runMain(args, { env: env(format.terminal === true), stdin: source === 'stdin' ? entry.content : undefined, terminal: format.terminal ? { stdout: true, stderr: true } : undefined, columns: format.terminal ? 100 : undefined });
        const said = `${format.name}, ${source}, ${mode.name}`;
        // A file-level problem refuses the file whatever the flags; invalid rows can be skipped.
        const expectedCode = mode.extra.length > 0 && entry.level === 'rows' ? 0 : 2;
        expect(result.code, `${said}: ${result.stderr}`).toBe(expectedCode);
        if (format.args.length === 0 && !format.terminal && source === 'file' && mode.extra.length === 0) expect(result.stderr).toMatch(entry.says);
        expect(result.stdout, said).not.toMatch(canaries);
        expect(result.stderr, said).not.toMatch(canaries);
        expect(result.stderr, said).not.toContain('\uFFFD');
      }
    }
    // Nothing was asked of the service: not a connection, not a provider lookup.
    stubs.verify();
  });
});
