// The one reader behind every file flag (--input-json, --api-key-file, -F @PATH, --ca-file, ...):
// capped, and never waiting on a pipe that nothing writes to.
import { execFileSync } from 'node:child_process';
import { mkdirSync, openSync, closeSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../src/deps.js';
import { readAtMost, readFailure } from '../../src/file-reads.js';
import { InputSources } from '../../src/input/sources.js';
import { UsageError } from '../../src/errors.js';
import { tempDir } from '../helpers/cli.js';

const dir = tempDir('ipctl-input-file-');
afterAll(() => dir.remove());

function fifo(name: string): string {
  const path = join(dir.path, name);
  execFileSync('mkfifo', [path]);
  return path;
}

async function failureOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'no failure',
    (error: unknown) => readFailure(error),
  );
}

describe('readAtMost', () => {
  it('reads a file whole, and no more than the limit asks', async () => {
    const path = join(dir.path, 'plain.txt');
    writeFileSync(path, 'x'.repeat(200_000));
    expect((await readAtMost(path, 1_000_000)).length).toBe(200_000);
    expect((await readAtMost(path, 70_001)).length).toBe(70_001);
  });

  it('stops at the limit on a device that never ends', async () => {
    expect((await readAtMost('/dev/zero', 3 * 1024 * 1024 + 1)).length).toBe(3 * 1024 * 1024 + 1);
  });

  it('says why a path cannot be read', async () => {
    mkdirSync(join(dir.path, 'a-directory'));
    expect(await failureOf(readAtMost(join(dir.path, 'a-directory'), 10))).toBe('is a directory');
    expect(await failureOf(readAtMost(join(dir.path, 'missing'), 10))).toBe('no such file');
  });

  it('refuses a FIFO with nothing writing to it at once', async () => {
    expect(await failureOf(readAtMost(fifo('no-writer'), 10))).toBe('a pipe with nothing writing to it');
  });

  it('reads what a FIFO writer sends, to its end', async () => {
    const path = fifo('writer');
    // Opened read-write, the test's descriptor is a writer that never blocks.
    const writer = openSync(path, 'r+');
    writeSync(writer, 'first part, ');
    const reading = readAtMost(path, 1000);
    setTimeout(() => {
      writeSync(writer, 'second part');
      closeSync(writer);
    }, 50);
    expect((await reading).toString()).toBe('first part, second part');
  });

  it('gives up on a FIFO whose writer stays silent', async () => {
    const writer = openSync(fifo('silent'), 'r+');
    try {
      expect(await failureOf(readAtMost(join(dir.path, 'silent'), 10, 200))).toMatch(/^a pipe whose writer sent nothing for/);
    } finally {
      closeSync(writer);
    }
  });
});

describe('InputSources.readJson', () => {
  it('refuses a JSON file nested deeper than 512 levels, and takes one at 512', async () => {
    const sources = new InputSources({ env: {} } as Deps);
    const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    const ok = join(dir.path, 'ok.json');
    writeFileSync(ok, nested(512));
    expect(await sources.readJson(ok, '--input-json')).toBeTypeOf('object');
    const deep = join(dir.path, 'deep.json');
    writeFileSync(deep, nested(100_000));
    await expect(sources.readJson(deep, '--input-json')).rejects.toThrow(`--input-json: ${deep} is nested too deeply (more than 512 levels of arrays and objects).`);
  });
});

describe('InputSources.readText', () => {
  // docs/reliability.md, "Input files": "At most 10 MiB. A larger file, or a device that never ends, is exit 2".
  const tenMiB = 10 * 1024 * 1024;
  const sourcesReading = (stdin: string[] = []) => {
    const input = Object.assign(Readable.from(stdin), { isTTY: false });
    return new InputSources({ env: {}, stdin: input } as unknown as Deps);
  };

  it('reads a file of 10 MiB, and refuses one a byte larger or a device that never ends, naming the flag (exit 2)', async () => {
    const whole = join(dir.path, 'ten.txt');
    writeFileSync(whole, 'x'.repeat(tenMiB));
    expect((await sourcesReading().readText(whole, '--input-json')).length).toBe(tenMiB);
    const larger = join(dir.path, 'eleven.txt');
    writeFileSync(larger, 'x'.repeat(tenMiB + 1));
    for (const path of [larger, '/dev/zero']) {
      const error = await sourcesReading().readText(path, '--api-key-file').then(() => undefined, (failure: unknown) => failure);
      expect(error, path).toBeInstanceOf(UsageError);
      expect((error as UsageError).exitCode).toBe(2);
      expect((error as UsageError).message).toBe(`--api-key-file: ${path} is larger than 10 MiB.`);
    }
  });

  it('reads stdin once a run: a second - is refused, naming both flags (exit 2)', async () => {
    const sources = sourcesReading(['{"a":1}']);
    expect(await sources.readText('-', '--input-json')).toBe('{"a":1}');
    await expect(sources.readText('-', '--api-key-file')).rejects.toThrow('--api-key-file: stdin is already read by --input-json; only one value can come from stdin.');
  });
});
