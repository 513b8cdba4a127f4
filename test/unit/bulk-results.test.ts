import { appendFileSync, chmodSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { realFs, realHost } from '../helpers/host.js';
import { answerOfError, scrubbed } from '../../src/connections/bulk/outcome.js';
import { progressBar, progressLine, type ProgressSnapshot } from '../../src/connections/bulk/progress.js';
import { PriorResults, readPriorResults, ResultsLog } from '../../src/connections/bulk/results.js';
import { ApiError, NetworkError, UsageError, UserError } from '../../src/errors.js';
import { tempDir } from '../helpers/cli.js';

const dir = tempDir('ipctl-results-');
afterAll(() => dir.remove());
const time = '2025-01-31T12:00:00Z';
const who = { provider: 'pipedrive', groupRef: 'acme', consumerRef: 'u1' };

describe('PriorResults', () => {
  it('keeps the last outcome of each line; started without an ending is uncertain; created is final', () => {
    const prior = new PriorResults();
    prior.apply({ line: 1, status: 'started', ...who, time });
    prior.apply({ line: 2, status: 'started', ...who, time });
    prior.apply({ line: 2, status: 'failed', ...who, time });
    prior.apply({ line: 3, status: 'started', ...who, time });
    prior.apply({ line: 3, status: 'created', ...who, time });
    prior.apply({ line: 3, status: 'started', ...who, time });
    prior.apply({ line: 3, status: 'failed', ...who, time });
    prior.apply({ line: 5000, status: 'invalid', time });
    expect([1, 2, 3, 4, 5000].map((line) => prior.state(line))).toEqual(['started', 'failed', 'created', 'none', 'invalid']);
  });

  it('tells whether a line is recorded for the same provider, group and consumer', () => {
    const prior = new PriorResults();
    prior.apply({ line: 7, status: 'created', ...who, time });
    expect(prior.matches(7, who)).toBe(true);
    expect(prior.matches(7, { ...who, consumerRef: 'u2' })).toBe(false);
    expect(prior.matches(8, { ...who, consumerRef: 'u2' })).toBe(true);
  });
});

describe('results file', () => {
  it('appends records, refuses a new run over them, and resumes past a record cut short by a crash', async () => {
    const path = join(dir.path, 'a.results.jsonl');
    const log = ResultsLog.open(realFs, path, false);
    log.append([{ line: 1, status: 'started', ...who, time }]);
    log.append([{ line: 1, status: 'created', ...who, connectionId: 'conn_1', time }]);
    log.append([{ line: 2, status: 'started', ...who, time }]);
    await log.close();
    appendFileSync(path, '{"line":2,"status":"crea');
    expect(() => ResultsLog.open(realFs, path, false)).toThrow(UsageError);
    const prior = await readPriorResults(realFs, path);
    expect([prior.state(1), prior.state(2)]).toEqual(['created', 'started']);
    expect(prior.unreadable).toBe(0);
    // The cut record is taken off, and the next one starts where it began.
    const again = ResultsLog.open(realFs, path, true);
    again.append([{ line: 3, status: 'started', ...who, time }]);
    await again.close();
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines).toHaveLength(5);
    expect(lines.at(-2)).toMatch(/^\{"line":3,"status":"started"/);
    expect(lines.at(-1)).toBe('');
  });

  it('reads an unterminated last line as never written when it is cut short, and as the record it is when whole', async () => {
    const path = join(dir.path, 'unterminated.results.jsonl');
    const started = JSON.stringify({ line: 2, status: 'started', ...who, time });
    writeFileSync(path, `${JSON.stringify({ line: 1, status: 'started', ...who, time })}\n${started.slice(0, -1)}`);
    const cut = await readPriorResults(realFs, path);
    expect([cut.state(1), cut.state(2)]).toEqual(['started', 'none']);
    // A record appended by hand without its final newline (printf, Notepad) is a record.
    writeFileSync(path, `${JSON.stringify({ line: 1, status: 'started', ...who, time })}\n${started}`);
    const whole = await readPriorResults(realFs, path);
    expect([whole.state(1), whole.state(2)]).toEqual(['started', 'started']);
  });

  it('takes a damaged line inside the file as a started record of every line it names, and counts one that names none', async () => {
    const path = join(dir.path, 'damaged.results.jsonl');
    const created = (line: number) => JSON.stringify({ line, status: 'created', ...who, connectionId: `conn_${line}`, time });
    writeFileSync(path, [created(1), '{"line":2,"status":"sta{"line":3,"status":"started","provider":"pipedrive"', created(4), '{"li', created(5), 'garbage', ''].join('\n'));
    const prior = await readPriorResults(realFs, path);
    expect([1, 2, 3, 4, 5, 6].map((line) => prior.state(line))).toEqual(['created', 'started', 'started', 'created', 'created', 'none']);
    expect(prior.unreadable).toBe(2);
    expect(prior.unreadableAt).toEqual([4, 6]);
  });

  it('skips NUL bytes, which a power loss leaves where data never reached the disk', async () => {
    const path = join(dir.path, 'nul.results.jsonl');
    const record = (line: number, status: string) => JSON.stringify({ line, status, ...who, time });
    writeFileSync(path, [record(1, 'started'), '\u0000'.repeat(300), `\u0000\u0000${record(1, 'created')}`, record(2, 'started'), ''].join('\n'));
    const prior = await readPriorResults(realFs, path);
    expect([prior.state(1), prior.state(2)]).toEqual(['created', 'started']);
    expect(prior.unreadable).toBe(0);
  });

  it('refuses a symbolic link, and makes an existing file 0600', async () => {
    const target = join(dir.path, 'target.jsonl');
    writeFileSync(target, '', { mode: 0o644 });
    chmodSync(target, 0o644);
    const link = join(dir.path, 'link.jsonl');
    symlinkSync(target, link);
    expect(() => ResultsLog.open(realFs, link, false)).toThrow('is a symbolic link');
    expect(() => ResultsLog.open(realFs, link, true)).toThrow('is a symbolic link');
    await ResultsLog.open(realFs, target, false).close();
    expect(statSync(target).mode & 0o777).toBe(0o600);
  });

  it('needs a results file to resume from', async () => {
    await expect(readPriorResults(realFs, join(dir.path, 'none.jsonl'))).rejects.toThrow('--resume: there is no results file at');
  });

  it('accepts an empty file for a new run', async () => {
    const path = join(dir.path, 'empty.jsonl');
    writeFileSync(path, '');
    await ResultsLog.open(realFs, path, false).close();
  });
});

describe('what an answer means for a row', () => {
  const now = Date.parse(time);
  const api = (status: number, extra: Record<string, unknown> = {}, retryAfter?: string) => new ApiError(status, { title: `HTTP ${status}`, status, ...extra }, 'req_1', retryAfter);

  it.each([
    [api(429, {}, '2'), 'retry'],
    [api(503), 'retry'],
    [api(409, { retryable: true }), 'retry'],
    [api(400), 'failed'],
    [api(422), 'failed'],
    [api(401), 'stop'],
    [api(403), 'stop'],
    [api(404), 'stop'],
    [api(500), 'uncertain'],
    [api(502), 'uncertain'],
    [api(504), 'uncertain'],
    [new NetworkError('refused', undefined, 'ECONNREFUSED', false), 'retry'],
    [new NetworkError('timed out', undefined, 'UND_ERR_HEADERS_TIMEOUT', true), 'uncertain'],
    [new UserError('not understood'), 'uncertain'],
    [new TypeError('bug'), 'uncertain'],
  ])('%s → %s', (error, kind) => {
    expect(answerOfError(error, now).kind).toBe(kind);
  });

  it('honours Retry-After and keeps the problem without issue values', () => {
    const answer = answerOfError(api(429, { issues: [{ name: 'apiKey', detail: 'bad', value: 'x' }] }, '2'), now);
    expect(answer).toEqual({ kind: 'retry', retryAfterMs: 2000, problem: { status: 429, title: 'HTTP 429', requestId: 'req_1', issues: [{ name: 'apiKey', detail: 'bad' }] } });
  });

  it('reads the wait asked for as a single request does: seconds or an HTTP date, or the problem\'s retryAfter, the later of the two', () => {
    const wait = (header: string | undefined, problemRetryAfter?: string) => {
      const answer = answerOfError(api(429, problemRetryAfter === undefined ? {} : { retryAfter: problemRetryAfter }, header), now);
      return answer.kind === 'retry' ? answer.retryAfterMs : 'not a retry';
    };
    expect(wait('3')).toBe(3000);
    expect(wait('Fri, 31 Jan 2025 12:00:05 GMT')).toBe(5000);
    expect(wait(undefined, '2025-01-31T12:00:02Z')).toBe(2000);
    expect(wait('1', '2025-01-31T12:00:04Z')).toBe(4000);
    expect(wait('1', '2025-01-31T11:00:00Z')).toBe(1000);
    // However long: the sender, not the reading, weighs it against the waiting budget.
    expect(wait('86400')).toBe(86_400_000);
  });

  it('reads a negative or past Retry-After, or one it cannot read, as none, so that the row backs off instead of coming back at once', () => {
    const wait = (header: string | undefined, problemRetryAfter?: string) => {
      const answer = answerOfError(api(429, problemRetryAfter === undefined ? {} : { retryAfter: problemRetryAfter }, header), now);
      return answer.kind === 'retry' ? answer.retryAfterMs : 'not a retry';
    };
    expect(wait('-5')).toBeUndefined();
    expect(wait('Fri, 31 Jan 2025 11:00:00 GMT')).toBeUndefined();
    expect(wait(undefined, '2025-01-31T11:00:00Z')).toBeUndefined();
    expect(wait('-5', '2020-01-01T00:00:00Z')).toBeUndefined();
    expect(wait('1.5')).toBeUndefined();
    expect(wait('soon', 'later')).toBeUndefined();
    expect(wait(undefined)).toBeUndefined();
  });

  it('cuts the row\'s secrets out of anything the service says', () => {
    expect(scrubbed({ detail: 'key "sk_row_secret_1" and pass"word!' }, ['sk_row_secret_1', 'pass"word'])).toEqual({ detail: 'key "****" and ****!' });
  });
});

describe('progress', () => {
  const snapshot: ProgressSnapshot = { phase: 'sending', checked: 0, total: 1000, created: 240, failed: 10, uncertain: 0, invalid: 0, inFlight: 8, elapsedMs: 5000, waitMs: 0 };

  it('draws a bar with counts, rate and time left, cut to the terminal width', () => {
    expect(progressBar(snapshot, 200)).toBe('[#####---------------] 250/1,000 25% · 240 created · 10 failed · 50/s · 15 s left');
    expect(progressBar(snapshot, 30).length).toBeLessThanOrEqual(30);
    expect(progressBar({ ...snapshot, waitMs: 2500 }, 200)).toContain('slowed down by the service, resuming in 3 s');
    expect(progressBar({ ...snapshot, phase: 'stopping' }, 200)).toContain('stopping: finishing 8 in flight (Ctrl-C again quits at once)');
  });

  it('writes a plain line for logs', () => {
    expect(progressLine(snapshot)).toBe('Progress: 250 of 1,000 rows (25%): 240 created, 10 failed; 50 rows/s, about 15 s left');
    expect(progressLine({ ...snapshot, phase: 'checking', checked: 12_345 })).toBe('Checking rows: 12,345 so far');
  });
});
