/**
 * What the results files of bulk imports add up to (`connections report`):
 * each file read as --resume reads it (a byte a line), and across the files a
 * fingerprint a key, to find a connection recorded in more than one file.
 */
import type { FileSystem } from '../../host-fs.js';
import { KeyTable } from './duplicates.js';
import { readPriorResults, type ResultRecord } from './results.js';
import { keyDigest } from './shard.js';

export interface FileSummary {
  file: string;
  rows: number;
  created: number;
  failed: number;
  invalid: number;
  uncertain: number;
  /** A removal's rows (connections remove --from-results): removed, and found already gone. */
  removed: number;
  alreadyRemoved: number;
  /** Damaged lines of the results file that name no row. */
  damaged: number;
}

export interface RepeatedKey {
  groupRef: string;
  consumerRef: string;
  provider: string;
  /** Where the key was first recorded, and where again: `FILE line N`. */
  first: string;
  again: string;
}

export interface ResultsSummary {
  files: FileSummary[];
  /** Keys recorded in more than one file, each counted once however many files repeat it. */
  inMoreThanOneFile: number;
  /** The first `listed` of them. */
  repeated: RepeatedKey[];
}

/** `names`: the files as they were given, where `paths` reads copies of some (results-copies.ts). */
export async function summarizeResults(fs: FileSystem, paths: string[], listed: number, names = paths): Promise<ResultsSummary> {
  // Per key: the file (from 1) and line it was first recorded at, and 1 once it is counted as repeated.
  const keys = new KeyTable(3);
  const summary: ResultsSummary = { files: [], inMoreThanOneFile: 0, repeated: [] };
  for (const [index, path] of paths.entries()) {
    const onRecord = (record: ResultRecord): void => {
      const { groupRef, consumerRef, provider } = record;
      if (typeof groupRef !== 'string' || typeof consumerRef !== 'string' || typeof provider !== 'string') return;
      const digest = keyDigest({ groupRef, consumerRef, provider });
      const first = digest && keys.firstOrAdd(digest, [index + 1, record.line, 0]);
      if (!first || first[0] === index + 1 || first[2] === 1) return;
      first[2] = 1;
      summary.inMoreThanOneFile += 1;
      if (summary.repeated.length < listed) summary.repeated.push({ groupRef, consumerRef, provider, first: `${names[first[0]! - 1]} line ${first[1]}`, again: `${names[index]} line ${record.line}` });
    };
    const prior = await readPriorResults(fs, path, onRecord, { readOnly: true });
    const tally = prior.tally();
    const uncertain = tally.uncertain + tally.started;
    summary.files.push({
      file: names[index]!,
      rows: tally.created + tally.failed + tally.invalid + uncertain + tally.removed + tally.absent,
      created: tally.created,
      failed: tally.failed,
      invalid: tally.invalid,
      uncertain,
      removed: tally.removed,
      alreadyRemoved: tally.absent,
      damaged: prior.unreadable,
    });
  }
  return summary;
}
