// The order of a bulk import's writes and requests, against a stand-in client
// and results file (docs/commands/connections-bulk.md, "The results file"): a
// row's request goes out only once its `started` record is synced; a row's
// ending record goes out in the next row's write, and every ending record is
// written before the run returns.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { SendGate } from '../../src/connections/bulk/gate.js';
import type { ResultRecord, ResultsLog } from '../../src/connections/bulk/results.js';
import { type RowToSend, Sender } from '../../src/connections/bulk/send.js';
import { FileWriteError } from '../../src/errors.js';
import type { ConnectionRequestBody } from '../../src/connections/request.js';

async function* rows(count: number): AsyncGenerator<RowToSend> {
  for (let line = 1; line <= count; line += 1) {
    yield { line, body: { provider: 'pipedrive', groupRef: `g${line}` } as unknown as ConnectionRequestBody, identity: { provider: 'pipedrive', groupRef: `g${line}`, consumerRef: 'u' } };
  }
}

/** What happened, in order: each write (its records), each sync that ended, each request sent. */
function harness() {
  const events: string[] = [];
  const writes: ResultRecord[][] = [];
  const log = {
    append(records: ResultRecord[]) {
      writes.push(records);
      events.push(`write ${records.map((record) => `${record.line}:${record.status}`).join(' ')}`);
    },
    started(record: ResultRecord, endings: ResultRecord[] = []) {
      this.append([...endings, record]);
      // The disk takes its time: the sync ends a few turns of the event loop later.
      return new Promise<void>((resolve) => setTimeout(() => {
        events.push(`synced ${record.line}`);
        resolve();
      }, 5));
    },
  };
  const api = {
    async call(_operation: unknown, params: { body: { groupRef: string } }) {
      events.push(`sent ${params.body.groupRef.slice(1)}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
      return { id: `conn_${params.body.groupRef}` };
    },
  };
  return { events, writes, log: log as unknown as ResultsLog, api: api as unknown as ApiClient };
}

describe('the order of a bulk import\'s writes', () => {
  it.each([1, 3])('with %i at a time: each request only after its started record is synced; each row ends recorded; fewer writes than records', async (workers) => {
    const { events, writes, log, api } = harness();
    const sender = new Sender({ api, project: 'demo', gate: new SendGate(workers), log, now: () => new Date('2025-03-01T12:00:00Z') });
    await sender.run(rows(12), workers);
    for (let line = 1; line <= 12; line += 1) {
      const synced = events.indexOf(`synced ${line}`);
      const sent = events.indexOf(`sent ${line}`);
      expect(sent, `line ${line}: ${events.join(', ')}`).toBeGreaterThan(synced);
      expect(synced).toBeGreaterThan(-1);
    }
    const records = writes.flat();
    expect(sender.counts.created).toBe(12);
    for (let line = 1; line <= 12; line += 1) {
      expect(records.filter((record) => record.line === line).map((record) => record.status)).toEqual(['started', 'created']);
    }
    // Endings share the next started record's write: at least 11 of the 12 endings ride along.
    expect(writes.length).toBeLessThanOrEqual(12 + workers);
  });
});

describe('a started record whose sync fails', () => {
  it('stops the run before that row is sent: the row is not sent, and nor is any after it', async () => {
    const { events, log, api } = harness();
    const started = log.started.bind(log);
    // The 3rd started record is written, but its fdatasync fails (EIO): it may not be on the disk.
    let count = 0;
    (log as unknown as { started: typeof started }).started = (record, endings) => {
      count += 1;
      const synced = started(record, endings);
      return count === 3 ? synced.then(() => Promise.reject(new FileWriteError('Cannot write the results file: EIO', 'Check the disk.', 'EIO'))) : synced;
    };
    const sender = new Sender({ api, project: 'demo', gate: new SendGate(1), log, now: () => new Date('2025-03-01T12:00:00Z') });
    await sender.run(rows(6), 1);
    expect(events.filter((event) => event.startsWith('sent '))).toEqual(['sent 1', 'sent 2']);
    expect(sender.stopError?.message).toContain('Cannot write the results file');
  });
});
