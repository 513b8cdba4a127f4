import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { columnFor, formatOf, type InputRow, maxRowBytes, readRows, splitLines } from '../../src/connections/bulk/rows.js';
import { UsageError } from '../../src/errors.js';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

function rowsOf(chunks: Array<string | Buffer>, format: 'jsonl' | 'csv'): Promise<InputRow[]> {
  return collect(readRows(Readable.from(chunks), format));
}

describe('splitLines', () => {
  it('splits on LF and CRLF, across chunk boundaries, including a UTF-8 character cut in two', async () => {
    const euro = Buffer.from('€', 'utf8');
    const chunks = [Buffer.from('one\r\ntw'), Buffer.from('o\nthree '), euro.subarray(0, 1), euro.subarray(1), Buffer.from('\nlast')];
    expect(await collect(splitLines(Readable.from(chunks)))).toEqual(['one', 'two', 'three €', 'last']);
  });

  it('gives undefined for a line longer than the limit, without keeping it, and goes on', async () => {
    const long = 'x'.repeat(maxRowBytes + 10);
    expect(await collect(splitLines(Readable.from([`a\n${long.slice(0, 1000)}`, `${long.slice(1000)}\nb\n`])))).toEqual(['a', undefined, 'b']);
  });
});

describe('JSONL rows', () => {
  it('numbers rows by their line, skips blank lines and a byte-order mark, and reports unreadable lines', async () => {
    const rows = await rowsOf(['\uFEFF{"groupRef":"a"}\n\n  \n[1,2]\n{"apiKey":"sk_live_secret_value_1234', '"\n{"groupRef":"b"}'], 'jsonl');
    expect(rows).toEqual([
      { line: 1, body: { groupRef: 'a' } },
      { line: 4, error: 'each line must hold one JSON object (a request body), not an array.' },
      { line: 5, error: expect.stringMatching(/^not valid JSON/) as unknown as string },
      { line: 6, body: { groupRef: 'b' } },
    ]);
    // The parser's message would quote the line; the row's error does not.
    expect(JSON.stringify(rows)).not.toContain('secret_value');
  });
});

describe('CSV rows', () => {
  it('maps dotted header names into the body, leaves empty cells out and splits scopes', async () => {
    const csv = [
      'groupRef,consumerRef,customAuth.password,providerMetadata.workspace,basicAuth.username,oauth2AuthorizationCode.refreshToken,oauth2AuthorizationCode.accessToken.expiresAt,oauth2AuthorizationCode.scopes',
      'acme,u1,pw,acme,,rt,2025-01-31T12:00:00Z,"api, refresh_token"',
    ].join('\n');
    expect(await rowsOf([csv], 'csv')).toEqual([
      {
        line: 2,
        body: {
          groupRef: 'acme',
          consumerRef: 'u1',
          customAuth: { password: 'pw' },
          providerMetadata: { workspace: 'acme' },
          oauth2AuthorizationCode: { refreshToken: { token: 'rt' }, accessToken: { expiresAt: '2025-01-31T12:00:00Z' }, scopes: ['api', 'refresh_token'] },
        },
      },
    ]);
  });

  it('names the line each record starts on, through empty lines and quoted line breaks (LF or CRLF)', async () => {
    const csv = 'groupRef,apiKey\r\na,"k1\r\nk1"\r\n\r\nb,k2\r\nc,"k3\nk3\nk3"\r\nd\r\ne,k5';
    const rows = await rowsOf([csv], 'csv');
    expect(rows.map((row) => [row.line, 'error' in row ? row.error : row.body.groupRef])).toEqual([
      [2, 'a'],
      [5, 'b'],
      [6, 'c'],
      [9, 'the record has 1 value, and the header names 2 columns.'],
      [10, 'e'],
    ]);
  });

  it('refuses a header naming unknown or object columns, with the closest name', async () => {
    const error = await rowsOf(['groupRef,grupRef,customAuth,customAuth.x,customAuth.x,\n'], 'csv').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).problems).toEqual([
      'column "grupRef" is not a field of the request body; did you mean groupRef?',
      'column "customAuth": customAuth is an object; name one value of it a column, such as customAuth.KEY.',
      'column "customAuth.x" appears twice.',
      'column 6 has no name.',
    ]);
  });

  it('refuses a file whose quoting breaks, naming the line and not the content', async () => {
    const error = await rowsOf(['groupRef,apiKey\na,k\nb,"secret_value_9"oops\n'], 'csv').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe('--from-file: the CSV is malformed at line 3: a quoted value is followed by something other than a comma or the end of the line. Nothing was sent.');
  });

  it('refuses an empty file', async () => {
    await expect(rowsOf([''], 'csv')).rejects.toThrow('the CSV file is empty');
  });

  it('knows which columns it takes', () => {
    expect(typeof columnFor('oauth2AuthorizationCode.refreshToken.issuedAt')).toBe('object');
    expect(columnFor('oauth2AuthorizationCode.refreshToken.value')).toMatch(/is not a field of the request body/);
    expect(columnFor('basicAuth.token')).toMatch(/is not a field of the request body/);
  });
});

describe('formatOf', () => {
  it('tells the format from the extension', () => {
    expect(formatOf('a.csv')).toBe('csv');
    expect(formatOf('a.CSV')).toBe('csv');
    expect(formatOf('dir.v2/a.jsonl')).toBe('jsonl');
    expect(formatOf('a.ndjson')).toBe('jsonl');
    expect(formatOf('a.txt')).toBeUndefined();
    expect(formatOf('-')).toBeUndefined();
  });
});
