/**
 * Group commit of an append-only file: texts queued while a commit is under
 * way go out together in the next one, as one write followed by one
 * fdatasync, both off the main thread. A text's promise resolves only once the
 * fdatasync covering it has returned: the invariant a bulk import's requests
 * rest on (a row is sent only after its "started" record is on the disk).
 *
 * A write that fails part-way keeps the texts it stored in full and takes back
 * the part of the next one; a failed write or sync rejects its commit, and
 * from then on nothing is written: every text queued after it is lost, and its
 * tag is kept in `lost` for the caller to report.
 */

/** The file as a commit needs it; `write` appends at the end and says how many bytes it stored. */
export interface CommitFile {
  write(bytes: Uint8Array): Promise<number>;
  fdatasync(): Promise<void>;
  /** Cuts the file back to `length` bytes (the end of its last whole text). */
  truncate(length: number): Promise<void>;
}

/** A write that stored part of its bytes before it failed says how many. */
interface PartialWrite {
  bytesWritten?: number;
}

/** The texts of one commit, their tags, and the promise their senders wait on. */
class Batch<T> {
  readonly texts: string[] = [];
  readonly tags: T[] = [];
  readonly done: Promise<void>;
  resolve!: () => void;
  reject!: (error: unknown) => void;

  constructor() {
    this.done = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // Ending records are queued with nobody waiting: a failure is kept in `failure`, never an unhandled rejection.
    this.done.catch(() => undefined);
  }
}

export class GroupCommit<T> {
  readonly #file: CommitFile;
  readonly #describe: (error: unknown) => unknown;
  /** Bytes of whole texts in the file: where a failed write's part is cut back to. */
  #size: number;
  #next = new Batch<T>();
  #running = false;
  #drained: Promise<void> = Promise.resolve();
  /** The first write or sync that failed (as `describe` put it); nothing is written after it. */
  failure: unknown;
  /** Tags of the texts that never reached the file, in the order they were queued. */
  readonly lost: T[] = [];
  /** Commits made (each one write and one sync): what the grouping saves shows here. */
  commits = 0;

  /** `size`: the file's length now; `describe` turns a failure into the error each waiting sender gets. */
  constructor(file: CommitFile, size: number, describe: (error: unknown) => unknown = (error) => error) {
    this.#file = file;
    this.#size = size;
    this.#describe = describe;
  }

  /** Queues texts (each a whole record, ending in a newline) for the next commit; resolves once it is synced. */
  add(texts: string[], tags: T[]): Promise<void> {
    if (this.failure !== undefined) {
      this.lost.push(...tags);
      return rejected(this.failure);
    }
    const batch = this.#next;
    batch.texts.push(...texts);
    batch.tags.push(...tags);
    if (!this.#running) this.#drained = this.#drain();
    return batch.done;
  }

  /** Resolves once every text queued so far is committed or lost. */
  drained(): Promise<void> {
    return this.#drained;
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      // From idle, the texts queued in this turn of the event loop (the other senders') share the first commit.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.#next.texts.length > 0 && this.failure === undefined) {
        const batch = this.#next;
        this.#next = new Batch<T>();
        await this.#commit(batch);
      }
      if (this.failure !== undefined) this.#loseAll(this.#next);
    } finally {
      this.#running = false;
    }
  }

  async #commit(batch: Batch<T>): Promise<void> {
    this.commits += 1;
    const bytes = Buffer.from(batch.texts.length === 1 ? batch.texts[0]! : batch.texts.join(''), 'utf8');
    let written = 0;
    try {
      while (written < bytes.length) {
        const count = await this.#file.write(written === 0 ? bytes : bytes.subarray(written));
        // Nothing stored, and no error: the system will not take more.
        if (count <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
        written += count;
      }
    } catch (error) {
      written += (error as PartialWrite).bytesWritten ?? 0;
      await this.#writeFailed(batch, written, error);
      return;
    }
    this.#size += bytes.length;
    try {
      await this.#file.fdatasync();
    } catch (error) {
      // The texts are in the file, but perhaps not on the disk: nobody may act on them.
      batch.reject(this.#fail(error));
      return;
    }
    batch.resolve();
  }

  /** The texts stored in full stay; the part of the next one is taken back; the rest are lost. */
  async #writeFailed(batch: Batch<T>, written: number, error: unknown): Promise<void> {
    const failure = this.#fail(error);
    let whole = 0;
    let kept = 0;
    for (const text of batch.texts) {
      const length = Buffer.byteLength(text, 'utf8');
      if (whole + length > written) break;
      whole += length;
      kept += 1;
    }
    this.#size += whole;
    this.lost.push(...batch.tags.slice(kept));
    if (written > whole) {
      try {
        await this.#file.truncate(this.#size);
      } catch {
        // Left as it is: the unterminated last line, which a reader takes as never written (unless it lacks only its newline: then it is the record it says); nothing is appended after it.
      }
    }
    batch.reject(failure);
  }

  #fail(error: unknown): unknown {
    this.failure ??= this.#describe(error);
    return this.failure;
  }

  #loseAll(batch: Batch<T>): void {
    this.lost.push(...batch.tags);
    this.#next = new Batch<T>();
    batch.reject(this.failure);
  }
}

function rejected(error: unknown): Promise<never> {
  const promise = Promise.reject(error);
  promise.catch(() => undefined);
  return promise;
}
