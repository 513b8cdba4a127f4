import { type ExitCode, exitCodes, UserError, usageError } from '../../../errors.js';
import type { FileSummary, RepeatedKey } from '../../../connections/bulk/summary.js';
import { type Outcome, listFormats } from '../../../output/view.js';
import * as z from '../../../schema/zod.js';
import { argument, defineCommand } from '../../../command-model/command.js';
import { filePaths, outputFlags } from '../../../command-model/common-flags.js';
import { readableResults } from '../../../connections/bulk/results-copies.js';
import { fileProblems, readFailure } from '../../../connections/bulk/results-files.js';
import { countFields, formatCount } from '../../../output/count.js';
import { hostFs } from '../../../deps.js';

/*
 * `connections report RESULTS…`: one summary of the results files of bulk
 * imports, such as those of the jobs of a CI matrix (--shard). Each file is
 * streamed; what is kept is a byte a line per file and, across the files, a
 * fingerprint a key (src/connections/bulk/duplicates.ts).
 */

const reportArgs = {
  results: argument('<results...>', 'results files written by connections generate --from-file (--results), such as one per job of a CI matrix', z.array(z.string().check(z.minLength(1, 'must not be empty'))), {
    values: filePaths,
  }),
};

/** Keys seen in more than one file that the summary lists; the count covers them all. */
const listedRepeats = 10;

export default defineCommand({
  args: reportArgs,
  flags: { ...outputFlags(listFormats) },
  help: {
    description: [
      'Merge the results files of bulk imports (connections generate --from-file) into one summary: how many rows were created, failed, invalid or uncertain, in each file and in all, and which connections (group, consumer, provider) are recorded in more than one file, which the jobs of one CI matrix (--shard I/N) never do.',
      'Each file is read as --resume reads it: a row counts once, by what it last came to (created stays created); a row recorded as started with no outcome is uncertain. Rows no record names (a job that stopped before reaching them) are not known to the files, so not counted: the summary of each job says how many it did not send.',
      'It reads the results of connections remove --from-results too: rows removed, and found already removed, are counted apart.',
      'Reference: docs/commands/connections-bulk.md ("CI matrices").',
    ].join('\n\n'),
    examples: [
      'ipctl connections report results/*.jsonl',
      'ipctl connections report shard-1.jsonl shard-2.jsonl -o json --query created',
    ],
    environment: ['NO_COLOR, FORCE_COLOR   color of the tables on a terminal'],
    exitCodes: [
      '0 every row in the files was created (for the results of connections remove --from-results: removed, or already gone), each connection in one file only',
      '1 some rows failed, were invalid or are uncertain, a file has damaged lines, or a connection is recorded in more than one file',
      '2 a file is missing, unreadable or given twice; nothing is summarized',
    ],
  },
  async run(input, context) {
    const paths = input.results;
    const problems = fileProblems(hostFs(context.deps), paths);
    if (problems.length > 0) throw usageError(problems, 'Give the results files that connections generate --from-file wrote (--results), each once.');
    const { summarizeResults } = await import('../../../connections/bulk/summary.js');
    const readable = await readableResults(hostFs(context.deps), paths, '', context.deps.signal);
    const { files, inMoreThanOneFile, repeated } = await summarizeResults(hostFs(context.deps), readable.paths, listedRepeats, paths)
      .catch((error: unknown) => {
        throw readFailure(error);
      })
      .finally(() => readable.remove());
    return reportOutcome(files, inMoreThanOneFile, repeated);
  },
});

function reportOutcome(all: FileSummary[], inMoreThanOneFile: number, repeated: RepeatedKey[]): Outcome {
  const sum = (key: Exclude<keyof FileSummary, 'file'>): number => all.reduce((total, file) => total + file[key], 0);
  // The counts of a removal (connections remove --from-results) only where a file holds one.
  const removals = sum('removed') + sum('alreadyRemoved') > 0;
  const files = removals ? all : all.map(({ removed: _removed, alreadyRemoved: _already, ...file }) => file);
  const data = {
    files: files.length,
    rows: sum('rows'),
    created: sum('created'),
    ...(removals ? { removed: sum('removed'), alreadyRemoved: sum('alreadyRemoved') } : {}),
    failed: sum('failed'),
    invalid: sum('invalid'),
    uncertain: sum('uncertain'),
    damaged: sum('damaged'),
    inMoreThanOneFile,
    repeated,
    byFile: files,
  };
  const messages = summaryMessages(data, repeated);
  const exitCode: ExitCode = messages.length === 0 ? exitCodes.ok : exitCodes.failure;
  return {
    data,
    view: {
      kind: 'sections',
      sections: [
        {
          kind: 'record',
          fields: countFields([
            ['Files', data.files],
            ['Rows', data.rows],
            ['Created', data.created],
            ...(removals ? ([['Removed', sum('removed')], ['Already removed', sum('alreadyRemoved')]] as Array<[string, number]>) : []),
            ['Failed', data.failed],
            ['Invalid', data.invalid],
            ['Uncertain', data.uncertain],
            ...(data.damaged > 0 ? ([['Damaged lines', data.damaged]] as Array<[string, number]>) : []),
            ['In more than one file', data.inMoreThanOneFile],
          ]),
        },
        {
          kind: 'list',
          columns: ['FILE', 'ROWS', 'CREATED', ...(removals ? ['REMOVED', 'ALREADY REMOVED'] : []), 'FAILED', 'INVALID', 'UNCERTAIN'],
          rows: all.map((file) => [file.file, ...[file.rows, file.created, ...(removals ? [file.removed, file.alreadyRemoved] : []), file.failed, file.invalid, file.uncertain].map(formatCount)]),
        },
        ...(repeated.length > 0
          ? [{ kind: 'list' as const, columns: ['GROUP', 'CONSUMER', 'PROVIDER', 'FIRST', 'AGAIN'], rows: repeated.map((key) => [key.groupRef, key.consumerRef, key.provider, key.first, key.again]) }]
          : []),
      ],
    },
    messages,
    exitCode,
    failure: exitCode === exitCodes.ok ? undefined : new UserError(messages[0]!, exitCodes.failure, messages.slice(1).join(' ') || undefined),
  };
}

function summaryMessages(data: { rows: number; failed: number; invalid: number; uncertain: number; damaged: number; inMoreThanOneFile: number }, repeated: RepeatedKey[]): string[] {
  const messages: string[] = [];
  const rows = (count: number): string => `${formatCount(count)} ${count === 1 ? 'row' : 'rows'}`;
  if (data.inMoreThanOneFile > 0) {
    const more = data.inMoreThanOneFile - repeated.length;
    messages.push(
      `${formatCount(data.inMoreThanOneFile)} ${data.inMoreThanOneFile === 1 ? 'connection is' : 'connections are'} recorded in more than one file${more > 0 ? ` (${formatCount(repeated.length)} listed, ${formatCount(more)} more)` : ''}: the jobs did not split one file by one --shard I/N, so a connection may have been created twice.`,
    );
  }
  if (data.failed > 0) messages.push(`${rows(data.failed)} failed; run the job of each file again with --resume to send them again.`);
  if (data.uncertain > 0) messages.push(`${rows(data.uncertain)} may or may not have been created; check them on the platform (see "Uncertain rows" in the import documentation).`);
  if (data.invalid > 0) messages.push(`${rows(data.invalid)} ${data.invalid === 1 ? 'is' : 'are'} invalid; fix them in the input, then run the job again with --resume.`);
  if (data.damaged > 0) messages.push(`${formatCount(data.damaged)} ${data.damaged === 1 ? 'line' : 'lines'} of the files ${data.damaged === 1 ? 'is' : 'are'} damaged and name${data.damaged === 1 ? 's' : ''} no row.`);
  return messages;
}
