// A folder of files for one test file, removed after it, and a number that
// grows with each test, so that each test's rows (groups, consumers, keys)
// and files are its own against the one sandbox the file shares.
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { tempDir } from './cli.js';

export interface Workspace {
  /** The folder. */
  readonly path: string;
  /** The number of the test under way, from 1. */
  readonly run: number;
  /** A path in the folder, named for the test under way: `<run>-<name>`. */
  file(name: string): string;
}

export function useWorkspace(prefix: string): Workspace {
  const folder = tempDir(prefix);
  let run = 0;
  afterAll(() => folder.remove());
  beforeEach(() => {
    run += 1;
  });
  return {
    path: folder.path,
    get run() {
      return run;
    },
    file: (name) => join(folder.path, `${run}-${name}`),
  };
}

/** A new empty folder for each test (a config directory, a home), removed after it. */
export function useFreshDir(prefix?: string): { readonly path: string } {
  let folder: ReturnType<typeof tempDir> | undefined;
  beforeEach(() => {
    folder = tempDir(prefix);
  });
  afterEach(() => folder?.remove());
  return {
    get path() {
      if (!folder) throw new Error('the folder is made before each test');
      return folder.path;
    },
  };
}
