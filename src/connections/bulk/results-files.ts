import { resolve } from 'node:path';
import type { FileSystem } from '../../host-fs.js';
import { kindOf } from '../../path-kind.js';
import { usageError } from '../../errors.js';

/*
 * The results files of bulk imports given as arguments (connections report,
 * connections remove --from-results): each checked before any is read.
 */

/** Each path that cannot be read as a results file, named, before any is read. */
/** `flag`: how messages name the files (--from-results), or '' for arguments. */
export function fileProblems(fs: FileSystem, paths: string[], flag = ''): string[] {
  const named = flag === '' ? '' : `${flag}: `;
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    if (seen.has(resolve(path))) {
      problems.push(`${named}${path} is given twice: every row in it would count as recorded in two files.`);
      continue;
    }
    seen.add(resolve(path));
    try {
      const stats = fs.statSync(path);
      if (stats.isDirectory() || stats.isSocket()) {
        problems.push(`${named}${path} is ${kindOf(stats)}, not a results file.`);
        continue;
      }
      // A pipe is opened once, without waiting for a writer, when it is copied (results-copies.ts).
      if (!stats.isFIFO()) fs.closeSync(fs.openSync(path, 'r'));
    } catch (error) {
      problems.push(`${named}cannot read ${path}: ${describe(error)}.`);
    }
  }
  return problems;
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'there is no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? String(error);
}

/** A file that became unreadable while it was read (an I/O error): named, exit 2, as before reading. */
export function readFailure(error: unknown): unknown {
  const path = (error as { path?: string }).path;
  if (path !== undefined && (error as NodeJS.ErrnoException).code !== undefined) return usageError([`cannot read ${path}: ${describe(error)}.`]);
  return error;
}
