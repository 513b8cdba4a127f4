import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPriorResults, ResultsLog } from '../../src/connections/bulk/results.js';
import { withFileLock } from '../../src/config/lock.js';
import { FileWriteError } from '../../src/errors.js';
import { tempDir } from '../helpers/cli.js';
import { type FaultKind, faultyFs } from '../helpers/faulty-fs.js';
import { realFs, realHost } from '../helpers/host.js';

const dir = tempDir('ipctl-writes-');
afterAll(() => dir.remove());
const time = '2025-01-31T12:00:00Z';
const who = { provider: 'pipedrive', groupRef: 'acme', consumerRef: 'u1' };
let count = 0;
const fresh = (name: string) => join(dir.path, `${(count += 1)}-${name}`);

describe('the results file when a write fails', () => {
  it.each([
    ['short', 'EFBIG'],
    ['enospc', 'ENOSPC'],
    ['edquot', 'EDQUOT'],
    ['eio', 'EIO'],
  ])('%s: takes back the part written, keeps whole records only, and writes nothing after it', async (kind, code) => {
    const path = fresh('failing.jsonl');
    const log = ResultsLog.open(faultyFs([{ call: 'write', kind: kind as FaultKind, nth: 3 }]), path, false);
    await log.append([{ line: 1, status: 'started', ...who, time }]);
    await log.append([{ line: 1, status: 'created', ...who, connectionId: 'conn_1', time }]);
    const before = readFileSync(path, 'utf8');
    let error: unknown;
    try {
      await log.append([{ line: 2, status: 'started', ...who, time }]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FileWriteError);
    expect((error as FileWriteError).code).toBe(code);
    expect((error as FileWriteError).exitCode).toBe(1);
    expect((error as FileWriteError).message).toContain(`(${code})`);
    expect((error as FileWriteError).message).toContain(path);
    expect(readFileSync(path, 'utf8')).toBe(before);
    await expect(log.append([{ line: 3, status: 'started', ...who, time }])).rejects.toThrow(FileWriteError);
    await log.close();
    expect(readFileSync(path, 'utf8')).toBe(before);
    const prior = await readPriorResults(realFs, path);
    expect([prior.state(1), prior.state(2)]).toEqual(['created', 'none']);
  });

  it('a "started" record is not taken as written until it is synced: a failed sync rejects it', async () => {
    const path = fresh('sync.jsonl');
    const log = ResultsLog.open(faultyFs([{ call: 'fdatasync', kind: 'eio', nth: 2 }]), path, false);
    await log.started({ line: 1, status: 'started', ...who, time });
    await expect(log.started({ line: 2, status: 'started', ...who, time })).rejects.toThrow(FileWriteError);
    expect(log.failure?.code).toBe('EIO');
    await log.close();
  });

  it('records written together share one sync', async () => {
    const path = fresh('group.jsonl');
    // The second sync fails: with one sync for both of the first two records, only the third meets it.
    const log = ResultsLog.open(faultyFs([{ call: 'fdatasync', kind: 'eio', nth: 2 }]), path, false);
    const both = [log.started({ line: 1, status: 'started', ...who, time }), log.started({ line: 2, status: 'started', ...who, time })];
    expect((await Promise.allSettled(both)).map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    await expect(log.started({ line: 3, status: 'started', ...who, time })).rejects.toThrow(FileWriteError);
    await log.close();
  });

  it('opening on a full disk is exit 1; where the path may not be written, exit 2', () => {
    expect(() => ResultsLog.open(faultyFs([{ call: 'open', kind: 'enospc' }]), fresh('full.jsonl'), false)).toThrow(expect.objectContaining({ exitCode: 1, code: 'ENOSPC' }));
    expect(() => ResultsLog.open(faultyFs([{ call: 'open', kind: 'eacces' }]), fresh('denied.jsonl'), false)).toThrow(expect.objectContaining({ exitCode: 2, code: 'EACCES' }));
  });
});

describe('the lock when its owner cannot be written', () => {
  it.each(['short', 'enospc'])('%s: is not taken, and no lock without an owner is left', async (kind) => {
    const file = fresh('config.json');
    const fs = faultyFs([{ call: 'write', path: /\.lock$/, kind: kind as FaultKind }]);
    await expect(withFileLock({ ...realHost, fs }, file, () => 'never')).rejects.toThrow(/EFBIG|ENOSPC/);
    expect(readdirSync(dir.path).filter((name) => name.endsWith('.lock'))).toEqual([]);
    writeFileSync(file, '');
  });
});
