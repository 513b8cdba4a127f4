// Group commit of the results file (docs/commands/connections-bulk.md, "The results file"),
// against a stand-in file whose writes and syncs take their time and fail on cue: texts
// queued while a commit is under way go out together in one write and one fdatasync; a
// text's promise resolves only once a sync that began after its bytes were stored has
// returned; a write that fails part-way keeps the whole texts it stored, takes back the part
// of the next, and nothing is written after a failure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CommitFile, GroupCommit } from '../../src/connections/bulk/commit.js';

type WriteFault = 'none' | 'short' | 'zero' | 'enospc' | 'eio-part';

function errnoError(code: string, bytesWritten?: number): Error {
  return Object.assign(new Error(`${code}: stand-in`), { code, ...(bytesWritten === undefined ? {} : { bytesWritten }) });
}

const turn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A file in memory whose Nth write and Nth sync fail as told: `stored` is what
 * the writes put there, `durable` how much of it a returned sync covers.
 */
function standInFile(writeFaults: WriteFault[] = [], failingSyncs: number[] = []) {
  const state = { stored: '', durable: 0, writes: 0, syncs: 0, writesAfterFailure: 0, failed: false };
  const fail = (error: Error): never => {
    state.failed = true;
    throw error;
  };
  const file: CommitFile = {
    async write(bytes) {
      if (state.failed) state.writesAfterFailure += 1;
      const fault = writeFaults[state.writes] ?? 'none';
      state.writes += 1;
      await turn();
      const half = Math.max(1, Math.floor(bytes.length / 2));
      const part = Buffer.from(bytes).subarray(0, half).toString('utf8');
      if (fault === 'enospc') return fail(errnoError('ENOSPC', 0));
      if (fault === 'zero') return 0;
      if (fault === 'eio-part') {
        state.stored += part;
        return fail(errnoError('EIO', half));
      }
      if (fault === 'short') {
        state.stored += part;
        return half;
      }
      state.stored += Buffer.from(bytes).toString('utf8');
      return bytes.length;
    },
    async fdatasync() {
      state.syncs += 1;
      const covers = state.stored.length;
      const failing = failingSyncs.includes(state.syncs);
      await turn();
      if (failing) return fail(errnoError('EIO'));
      state.durable = Math.max(state.durable, covers);
    },
    async truncate(length) {
      state.stored = state.stored.slice(0, length);
    },
  };
  return { file, state };
}

const line = (tag: number, size = 20) => `{"line":${tag},"pad":"${'x'.repeat(size)}"}\n`;

describe('group commit', () => {
  it('writes the texts queued while a commit is under way together, in one write and one sync', async () => {
    const { file, state } = standInFile();
    const commit = new GroupCommit<number>(file, 0);
    const first = commit.add([line(1)], [1]);
    const rest = [2, 3, 4, 5].map((tag) => commit.add([line(tag)], [tag]));
    await Promise.all([first, ...rest]);
    // All five were queued in one turn: one commit.
    expect([commit.commits, state.writes, state.syncs]).toEqual([1, 1, 1]);
    // While that commit is under way, three more queue up: they share the next one.
    const during = commit.add([line(6)], [6]);
    await turn();
    const later = [7, 8, 9].map((tag) => commit.add([line(tag)], [tag]));
    await Promise.all([during, ...later]);
    expect(commit.commits).toBe(3);
    expect(state.stored).toBe([1, 2, 3, 4, 5, 6, 7, 8, 9].map((tag) => line(tag)).join(''));
  });

  it('resolves a text only once a sync that began after it was stored has returned, for any interleaving of adds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 30 }), async (steps) => {
        const { file, state } = standInFile();
        const commit = new GroupCommit<number>(file, 0);
        const ends: number[] = [];
        const waits: Array<Promise<void>> = [];
        let tag = 0;
        let expected = '';
        for (const [count, pause] of steps) {
          const texts = Array.from({ length: count }, () => line((tag += 1), tag % 7));
          expected += texts.join('');
          const end = expected.length;
          ends.push(end);
          waits.push(commit.add(texts, texts.map((_, index) => tag - count + 1 + index)).then(() => expect(state.durable).toBeGreaterThanOrEqual(end)));
          for (let wait = 0; wait < pause; wait += 1) await turn();
        }
        await Promise.all(waits);
        expect(state.stored).toBe(expected);
        expect(state.writes).toBe(commit.commits);
        expect(state.syncs).toBe(commit.commits);
      }),
      { numRuns: 60 },
    );
  });

  it('carries on a write the system cuts short from where it stopped', async () => {
    const { file, state } = standInFile(['short', 'short']);
    const commit = new GroupCommit<number>(file, 0);
    await commit.add([line(1), line(2)], [1, 2]);
    expect(state.stored).toBe(line(1) + line(2));
    expect(state.durable).toBe(state.stored.length);
    expect(commit.failure).toBeUndefined();
  });

  it.each([
    ['enospc', 'ENOSPC'],
    ['zero', 'ENOSPC'],
    ['eio-part', 'EIO'],
  ] as const)('a write that fails (%s) keeps the whole texts it stored, takes back the part, rejects its waiters, and writes nothing after', async (fault, code) => {
    const { file, state } = standInFile(['none', fault]);
    const commit = new GroupCommit<number>(file, 0, (error) => Object.assign(new Error('described'), { code: (error as { code: string }).code }));
    await commit.add([line(1)], [1]);
    const failing = commit.add([line(2, 3), line(3, 400)], [2, 3]);
    await expect(failing).rejects.toMatchObject({ message: 'described', code });
    // eio-part stored half the bytes: the short text 2 whole, text 3 in part, which is taken back.
    const kept = fault === 'eio-part' ? line(1) + line(2, 3) : line(1);
    expect(state.stored).toBe(kept);
    expect(commit.lost).toEqual(fault === 'eio-part' ? [3] : [2, 3]);
    await expect(commit.add([line(4)], [4])).rejects.toMatchObject({ message: 'described' });
    await commit.drained();
    expect(commit.lost.at(-1)).toBe(4);
    expect(state.stored).toBe(kept);
    expect(state.writesAfterFailure).toBe(0);
  });

  it('a sync that fails rejects every text of its commit, and those queued behind it are lost, unwritten', async () => {
    const { file, state } = standInFile([], [2]);
    const commit = new GroupCommit<number>(file, 0);
    await commit.add([line(1)], [1]);
    const failing = commit.add([line(2)], [2]);
    await turn();
    const behind = commit.add([line(3)], [3]);
    await expect(failing).rejects.toMatchObject({ code: 'EIO' });
    await expect(behind).rejects.toMatchObject({ code: 'EIO' });
    // Text 2 is in the file but not known to be on the disk; text 3 never went out.
    expect(state.stored).toBe(line(1) + line(2));
    expect(state.durable).toBe(line(1).length);
    expect(commit.lost).toEqual([3]);
  });

  it('texts nobody waits on go out with the next commit, and a failure among them is no unhandled rejection', async () => {
    const { file, state } = standInFile(['enospc']);
    const commit = new GroupCommit<number>(file, 0);
    void commit.add([line(1)], [1]);
    await commit.drained();
    expect(commit.failure).toMatchObject({ code: 'ENOSPC' });
    expect(commit.lost).toEqual([1]);
    expect(state.stored).toBe('');
  });
});
