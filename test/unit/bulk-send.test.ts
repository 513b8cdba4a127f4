// The sending pass against a stand-in client: how the waiting budget of one
// request (IPCTL_RETRY_MAX_WAIT) bounds the waits of each row.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { SendGate } from '../../src/connections/bulk/gate.js';
import type { ResultRecord, ResultsLog } from '../../src/connections/bulk/results.js';
import { type RowToSend, Sender } from '../../src/connections/bulk/send.js';
import type { ConnectionRequestBody } from '../../src/connections/request.js';
import { ApiError } from '../../src/errors.js';
import { tempDir } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

const now = new Date('2025-03-01T12:00:00Z');

/** A client that gives each answer in turn (an error to throw, or a connection), and counts the calls. */
function client(answers: Array<ApiError | { id: string }>): ApiClient & { calls: number } {
  const stand = {
    calls: 0,
    async call() {
      const answer = answers[Math.min(stand.calls, answers.length - 1)]!;
      stand.calls += 1;
      if (answer instanceof ApiError) throw answer;
      return answer;
    },
  };
  return stand as unknown as ApiClient & { calls: number };
}

function tooMany(retryAfter: string): ApiError {
  return new ApiError(429, { title: 'Too Many Requests', status: 429 }, 'req_1', retryAfter);
}

async function* rows(count: number): AsyncGenerator<RowToSend> {
  for (let line = 1; line <= count; line += 1) {
    yield { line, body: { provider: 'pipedrive' } as unknown as ConnectionRequestBody, identity: { provider: 'pipedrive', groupRef: `g${line}`, consumerRef: 'u' } };
  }
}

async function send(answers: Array<ApiError | { id: string }>, options: { count: number; maxWaitMs: number }) {
  const api = client(answers);
  const records: ResultRecord[] = [];
  // The results file as the sender uses it: a started record (durable before its request), and endings.
  const log = {
    append: (list: ResultRecord[]) => records.push(...list),
    started: async (record: ResultRecord, endings: ResultRecord[] = []) => void records.push(...endings, record),
  } as unknown as ResultsLog;
  const sender = new Sender({ api, project: 'demo', gate: new SendGate(1), log, now: () => now, maxWaitMs: options.maxWaitMs });
  await sender.run(rows(options.count), 1);
  return { sender, records, calls: api.calls };
}

describe('the waiting budget of a bulk import', () => {
  it('stops the run at once when the service asks to wait longer than the budget: the row failed, the rest not sent, exit 5', async () => {
    const { sender, records, calls } = await send([tooMany('3600')], { count: 5, maxWaitMs: 60_000 });
    expect(calls).toBe(1);
    expect(sender.counts).toMatchObject({ created: 0, failed: 1, retries: 0 });
    expect(sender.stopError?.exitCode).toBe(5);
    expect(sender.stopError?.message).toBe('Stopped: the service asks to wait 3600 s before any more requests, longer than ipctl waits (IPCTL_RETRY_MAX_WAIT: 60 s).');
    expect(sender.stopError?.hint).toBe('Run the same command with --resume after 2025-03-01T13:00:00Z.');
    expect(records.map((record) => [record.line, record.status])).toEqual([
      [1, 'started'],
      [1, 'failed'],
    ]);
    expect(records[1]!.problem).toMatchObject({ status: 429, detail: 'Not sent again: the service asked to wait 3600 s, longer than IPCTL_RETRY_MAX_WAIT; nothing was created.' });
  });

  it('weighs the wait against IPCTL_RETRY_MAX_WAIT as given, not a fixed cap', async () => {
    const stopped = await send([tooMany('2')], { count: 2, maxWaitMs: 1000 });
    expect(stopped.calls).toBe(1);
    expect(stopped.sender.stopError?.message).toContain('asks to wait 2.0 s before any more requests, longer than ipctl waits (IPCTL_RETRY_MAX_WAIT: 1.0 s)');
    const waited = await send([tooMany('0'), { id: 'conn_1' }], { count: 2, maxWaitMs: 1000 });
    expect(waited.sender.stopError).toBeUndefined();
    expect(waited.sender.counts).toMatchObject({ created: 2, failed: 0, retries: 1 });
  });

  it('fails a row, and goes on, once its own waits would pass the budget', async () => {
    // No Retry-After: the gate backs off (0.4 s and more); a budget of 0 allows none of it.
    const answers = [new ApiError(503, { title: 'Service Unavailable', status: 503 }, 'req_2'), { id: 'conn_1' }];
    const { sender, records, calls } = await send(answers, { count: 2, maxWaitMs: 0 });
    expect(sender.stopError).toBeUndefined();
    expect(calls).toBe(2);
    expect(sender.counts).toMatchObject({ created: 1, failed: 1, retries: 0 });
    expect(records.filter((record) => record.status !== 'started').map((record) => [record.line, record.status])).toEqual([
      [1, 'failed'],
      [2, 'created'],
    ]);
  });
});

describe('the lock of the results file', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir('ipctl-bulk-lock-');
  });
  afterEach(() => dir.remove());

  it('that is a directory is exit 2 at once for --results, naming it and how to remove it; nothing is sent', async () => {
    const input = join(dir.path, 'rows.jsonl');
    writeFileSync(input, '{"provider":"pipedrive","groupRef":"g1","consumerRef":"u1","apiKey":"k"}\n');
    const lockPath = join(dir.path, 'rows.results.jsonl.lock');
    mkdirSync(lockPath);
    // Nothing listens there: a request would be exit 5, not 2.
    const env = { IPCTL_BASE_URL: 'http://127.0.0.1:9/v1', IPCTL_API_KEY: 'sk_lock_test_0123456789', IPCTL_CONFIG_DIR: join(dir.path, 'config'), NO_COLOR: '1' };
    const result = await runMain(['connections', 'generate', '--project', 'demo', '--from-file', input, '--retries', '0'], { env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Error: --results: The lock file ${lockPath} cannot be used (it is a directory), so ipctl cannot tell whether another ipctl holds it.\nIf no ipctl is running, remove it (rm -r ${lockPath}) and try again.\n`,
    );
  });
});
