/**
 * `--shard I/N`: which rows of a bulk import one job of a CI matrix takes. A
 * row's shard comes from its key (group, consumer, provider) alone, so N jobs
 * split one file without talking to each other, on any machine and any Node:
 *
 *   key digest = SHA-256 of the UTF-8 bytes of JSON.stringify([groupRef, consumerRef, provider])
 *   shard      = (first 8 bytes of the digest, read as an unsigned big-endian 64-bit integer) mod N, plus 1
 *
 * A row without all three (too broken to be read, or missing one) has no key;
 * shard 1 takes it, so that each such row is reported invalid exactly once.
 * The rule is documented in docs/commands/connections-bulk.md.
 */
import { hash } from 'node:crypto';
import { UsageError } from '../../errors.js';
import { readNumber, wholeNumber } from '../../schema/numbers.js';
import type { RowIdentity } from './check.js';

export interface Shard {
  /** 1-based. */
  index: number;
  total: number;
}

const maxShards = 1000;
/** A CI's shard variable, read as every number is; its range is checked as --shard I/N's. */
const shardVariable = wholeNumber(0, 999_999_999, '2');


const shardFix = 'give I/N with 1 ≤ I ≤ N ≤ 1000, such as --shard 2/4 for the second of 4 jobs, or --shard auto to read them from the CI.';

/** The problems of a --shard I/N value (none for auto). */
export function shardProblems(text: string): string[] {
  if (text === 'auto') return [];
  const [index, total] = text.split('/').map(Number) as [number, number];
  if (total < 1 || total > maxShards) return [`--shard ${text}: N must be from 1 to ${maxShards}; ${shardFix}`];
  if (index < 1 || index > total) return [`--shard ${text}: I must be from 1 to ${total} (shards are counted from 1); ${shardFix}`];
  return [];
}

/** A --shard value already checked by shardProblems, with auto read from the environment. */
export function shardOf(text: string, env: Record<string, string | undefined>): Shard {
  if (text === 'auto') return shardFromEnvironment(env);
  const [index, total] = text.split('/').map(Number) as [number, number];
  return { index, total };
}

/** Where each CI keeps a parallel job's index and count, and what it counts from. */
const ciVariables: Array<{ ci: string; index: string; total: string; base: 0 | 1 }> = [
  // GitHub Actions has none of its own: the workflow sets these from `matrix`.
  { ci: 'ipctl (set by the workflow)', index: 'IPCTL_SHARD_INDEX', total: 'IPCTL_SHARD_TOTAL', base: 1 },
  { ci: 'GitLab CI', index: 'CI_NODE_INDEX', total: 'CI_NODE_TOTAL', base: 1 },
  { ci: 'Buildkite', index: 'BUILDKITE_PARALLEL_JOB', total: 'BUILDKITE_PARALLEL_JOB_COUNT', base: 0 },
  { ci: 'CircleCI', index: 'CIRCLE_NODE_INDEX', total: 'CIRCLE_NODE_TOTAL', base: 0 },
];

/** --shard auto: the first pair of variables set, in the order of ciVariables. */
function shardFromEnvironment(env: Record<string, string | undefined>): Shard {
  for (const { ci, index, total, base } of ciVariables) {
    // An empty variable is as good as unset, as every variable ipctl reads.
    const indexText = env[index] || undefined;
    const totalText = env[total] || undefined;
    if (indexText === undefined && totalText === undefined) continue;
    if (indexText === undefined || totalText === undefined) {
      throw new UsageError(`--shard auto: ${indexText === undefined ? total : index} is set but ${indexText === undefined ? index : total} is not (${ci}).`, `Set both, or give --shard I/N.`);
    }
    const [readIndex, readTotal] = [readNumber(indexText, shardVariable), readNumber(totalText, shardVariable)];
    const shard = 'value' in readIndex && 'value' in readTotal ? { index: readIndex.value + 1 - base, total: readTotal.value } : undefined;
    if (!shard || shardProblems(`${shard.index}/${shard.total}`).length > 0) {
      throw new UsageError(
        `--shard auto: ${index}=${JSON.stringify(indexText)} and ${total}=${JSON.stringify(totalText)} (${ci}) do not name a shard: ${index} counts from ${base}, up to ${total}${base === 0 ? ' - 1' : ''}, and ${total} is at most ${maxShards}.`,
        'Fix the variables, or give --shard I/N.',
      );
    }
    return shard;
  }
  throw new UsageError(
    `--shard auto: no CI variables name this job's shard (looked for ${ciVariables.map(({ index, total }) => `${index}/${total}`).join(', ')}).`,
    'On GitHub Actions, set IPCTL_SHARD_INDEX and IPCTL_SHARD_TOTAL from the matrix (see docs/ci.md); elsewhere give --shard I/N.',
  );
}

/** The SHA-256 of a row's key, or undefined for a row that lacks one of its three parts. */
export function keyDigest(identity: RowIdentity): Buffer | undefined {
  const { groupRef, consumerRef, provider } = identity;
  if (groupRef === undefined || consumerRef === undefined || provider === undefined) return undefined;
  // The one-shot hash(): each row is hashed in each pass, and a Hash object a row costs more.
  return hash('sha256', JSON.stringify([groupRef, consumerRef, provider]), 'buffer');
}

/** The 1-based shard a key digest belongs to among `total`. */
export function shardOfDigest(digest: Buffer, total: number): number {
  return Number(digest.readBigUInt64BE(0) % BigInt(total)) + 1;
}
