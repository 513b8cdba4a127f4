// A write the results file shares between rows (docs/commands/connections-bulk.md,
// "The results file"): earlier rows' ending records and the next row's "started"
// record go out together. When that write fails part-way, the ending records it
// stored in full stay, the part of the next record is taken back, and the file
// holds whole records only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPriorResults, type ResultRecord, ResultsLog } from '../../src/connections/bulk/results.js';
import { FileWriteError } from '../../src/errors.js';
import { tempDir } from '../helpers/cli.js';
import { faultyFs } from '../helpers/faulty-fs.js';
import { realFs } from '../helpers/host.js';

const dir = tempDir('ipctl-shared-write-');
afterAll(() => dir.remove());
const time = '2025-01-31T12:00:00Z';
const who = (line: number, groupRef = `g${line}`): Omit<ResultRecord, 'status' | 'time' | 'line'> => ({ provider: 'pipedrive', groupRef, consumerRef: `u${line}` });

describe('a shared write of the results file that fails part-way', () => {
  it('keeps the ending records stored in full, takes back the rest, and names the records it lost', async () => {
    const path = join(dir.path, 'short.jsonl');
    // The second write stores half its bytes: both short endings, not the long started record after them.
    const log = ResultsLog.open(faultyFs([{ call: 'write', kind: 'short', nth: 2 }]), path, false);
    await log.append([{ line: 1, status: 'started', ...who(1), time }, { line: 2, status: 'started', ...who(2), time }]);
    const endings: ResultRecord[] = [
      { line: 1, status: 'created', ...who(1), connectionId: 'conn_1', time },
      { line: 2, status: 'created', ...who(2), connectionId: 'conn_2', time },
    ];
    const next: ResultRecord = { line: 3, status: 'started', ...who(3, `g3-${'x'.repeat(400)}`), time };
    await expect(log.started(next, endings)).rejects.toThrow(FileWriteError);
    expect(log.unstored).toEqual([next]);
    await log.close();
    const text = readFileSync(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n').filter(Boolean).map((line) => JSON.parse(line).status)).toEqual(['started', 'started', 'created', 'created']);
    const prior = await readPriorResults(realFs, path);
    expect([prior.state(1), prior.state(2), prior.state(3)]).toEqual(['created', 'created', 'none']);
  });

  it('keeps none of them when the write stores less than the first ending record', async () => {
    const path = join(dir.path, 'shorter.jsonl');
    const log = ResultsLog.open(faultyFs([{ call: 'write', kind: 'short', nth: 2 }]), path, false);
    await log.append([{ line: 1, status: 'started', ...who(1), time }]);
    const ending: ResultRecord = { line: 1, status: 'created', ...who(1, `g1-${'y'.repeat(400)}`), connectionId: 'conn_1', time };
    const next: ResultRecord = { line: 2, status: 'started', ...who(2), time };
    await expect(log.started(next, [ending])).rejects.toThrow(FileWriteError);
    expect(log.unstored).toEqual([ending, next]);
    await log.close();
    expect(readFileSync(path, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line).status)).toEqual(['started']);
  });
});
