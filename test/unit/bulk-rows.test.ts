import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { columnFor, columnProblem, formatOf, type InputRow, maxRowBytes, readRows, splitLines } from '../../src/connections/bulk/rows.js';
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

  it('makes a line whose bytes are not UTF-8 invalid, naming the column of the first bad byte', async () => {
    const line = Buffer.concat([Buffer.from('{"groupRef":"\u00e9t\u00e9","apiKey":"cl'), Buffer.from([0xe9]), Buffer.from('"}\n{"groupRef":"b"}\n')]);
    expect(await rowsOf([line], 'jsonl')).toEqual([
      { line: 1, error: expect.stringMatching(/^not UTF-8 text at column 31; .*save it as UTF-8/) as unknown as string },
      { line: 2, body: { groupRef: 'b' } },
    ]);
  });

  it('refuses a UTF-16 file, and makes a line nested too deeply invalid', async () => {
    await expect(rowsOf([Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{}\n', 'utf16le')])], 'jsonl')).rejects.toThrow('the file is UTF-16 text');
    const deep = `${'{"a":'.repeat(600)}1${'}'.repeat(600)}`;
    expect(await rowsOf([`${deep}\n{"groupRef":"b"}`], 'jsonl')).toEqual([
      { line: 1, error: 'the line is nested too deeply (more than 512 levels of arrays and objects).' },
      { line: 2, body: { groupRef: 'b' } },
    ]);
  });
});

describe('CSV rows', () => {
  it('keeps a header customAuth.__proto__ or providerMetadata.__proto__ as a key of its object, never its prototype', async () => {
    const rows = await rowsOf(['groupRef,customAuth.__proto__,providerMetadata.__proto__\nacme,x,y'], 'csv');
    const body = (rows[0] as { body: Record<string, Record<string, unknown>> }).body;
    expect(Object.keys(body.customAuth!)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(body.customAuth)).toBe(Object.prototype);
    expect(JSON.stringify(body)).toBe('{"groupRef":"acme","customAuth":{"__proto__":"x"},"providerMetadata":{"__proto__":"y"}}');
  });

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

  it('numbers each record after the one before it when the file ends in a line break of another kind (LF file, CR at the end; CR file, LF at the end)', async () => {
    // The parser counts a line break when a character follows it, so a break that is the file's last byte went uncounted.
    const lf = await rowsOf(['groupRef,apiKey\na,k1\nb,k2\r'], 'csv');
    expect(lf.map((row) => [row.line, 'error' in row ? row.error : row.body.apiKey])).toEqual([
      [2, 'k1'],
      [3, 'k2\r'],
    ]);
    const cr = await rowsOf(['groupRef,apiKey\ra,k1\rb,k2\n'], 'csv');
    expect(cr.map((row) => [row.line, 'error' in row ? row.error : row.body.apiKey])).toEqual([
      [2, 'k1'],
      [3, 'k2\n'],
    ]);
  });

  it('refuses a header naming unknown or object columns by position, with the closest name, never quoting the header', async () => {
    const error = await rowsOf(['groupRef,grupRef,customAuth,customAuth.x,customAuth.x,\n'], 'csv').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).problems).toEqual([
      'column 2 (B) is not a field of the request body; did you mean groupRef?',
      'column 3 (C) names customAuth, an object; name one value of it a column, such as customAuth.KEY.',
      'column 5 (E) has the same name as column 4 (D).',
      'column 6 (F) has no name.',
    ]);
    expect(JSON.stringify(error)).not.toContain('grupRef');
  });

  it('names the first five bad columns of a wide header and counts the rest', async () => {
    const names = ['groupRef', ...Array.from({ length: 5000 }, (_, index) => `secret_${index}_${'x'.repeat(20)}`)];
    const error = (await rowsOf([`${names.join(',')}\n`], 'csv').catch((caught: unknown) => caught)) as UsageError;
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('--from-file: the CSV header (line 1) names 5,000 columns ipctl cannot use; nothing was sent:');
    expect(error.problems).toEqual([
      'column 2 (B) is not a field of the request body.',
      'column 3 (C) is not a field of the request body.',
      'column 4 (D) is not a field of the request body.',
      'column 5 (E) is not a field of the request body.',
      'column 6 (F) is not a field of the request body.',
      '…and 4,995 more',
    ]);
    expect(`${error.message}${error.hint}${error.problems.join('')}`).not.toContain('secret_');
  });

  it('refuses a first line that names no known column as a file without a header, quoting none of it', async () => {
    const error = (await rowsOf(['acme,u-42,sk_live_CANARY_first_row\nbeta,u-43,sk_live_second\n'], 'csv').catch((caught: unknown) => caught)) as UsageError;
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toMatch(/^--from-file: the CSV has no header: its first line names none of the request body fields/);
    expect(error.problems).toEqual([]);
    expect(`${error.message}${error.hint}`).not.toMatch(/acme|u-42|CANARY/);
  });

  it('makes a row whose bytes are not UTF-8 invalid, naming its line and column, and reads the next', async () => {
    // "Müller" and "clé" as Windows-1252 writes them: one byte each for ü and é.
    const csv = Buffer.concat([Buffer.from('groupRef,consumerRef,apiKey\nacme,u1,k1\nM'), Buffer.from([0xfc]), Buffer.from('ller,u2,cl'), Buffer.from([0xe9]), Buffer.from('\nbeta,u3,k\u00e9\n')]);
    const rows = await rowsOf([csv], 'csv');
    expect(rows).toEqual([
      { line: 2, body: { groupRef: 'acme', consumerRef: 'u1', apiKey: 'k1' } },
      { line: 3, error: expect.stringMatching(/^the value in column 1 \(A\), groupRef, is not UTF-8 text; .*save it as UTF-8/) as unknown as string },
      { line: 4, body: { groupRef: 'beta', consumerRef: 'u3', apiKey: 'k\u00e9' } },
    ]);
    expect(JSON.stringify(rows)).not.toContain('\ufffd');
  });

  it('skips a UTF-8 byte-order mark, also when it comes in pieces, and refuses UTF-16', async () => {
    expect(await rowsOf([Buffer.from([0xef]), Buffer.from([0xbb, 0xbf, 0x67]), 'roupRef\nacme\n'], 'csv')).toEqual([{ line: 2, body: { groupRef: 'acme' } }]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('groupRef\nacme\n', 'utf16le')]);
    await expect(rowsOf([utf16], 'csv')).rejects.toThrow('--from-file: the file is UTF-16 text; ipctl reads UTF-8. Nothing was sent.');
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
    expect(columnFor('oauth2AuthorizationCode.refreshToken.value')).toBeUndefined();
    expect(columnFor('basicAuth.token')).toBeUndefined();
    expect(columnProblem('basicAuth.token')).toBe('is not a field of the request body.');
    expect(columnProblem('gropRef')).toBe('is not a field of the request body; did you mean groupRef?');
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
