import { listFormats } from '../../../output/view.js';
import * as z from '../../../schema/zod.js';
import { argument, flag, type InputOf } from '../../../command-model/command.js';
import { yesFlag } from '../../../command-model/confirm.js';
import { connectionIds, filePaths, outputFlags } from '../../../command-model/common-flags.js';
import { projectFlag } from '../../../command-model/project-flag.js';
import { pacingFlags } from '../../../command-model/pacing-flags.js';

const toggle = z.optional(z.boolean());

export const removeArgs = {
  targets: argument('[targets...]', 'connection IDs; with --from-results, the results files of one bulk import (one, or one per shard)', z.array(z.string().check(z.trim(), z.minLength(1, 'must not be empty'))), {
    values: connectionIds,
  }),
};

export const removeFlags = {
  ...projectFlag,
  fromResults: flag('--from-results', 'remove every connection the results files given as arguments record as created (connections generate --from-file)', toggle),
  results: flag('--results <path>', "with --from-results: the removal's own results file (default: the first RESULTS with .removed.jsonl: customers.results.removed.jsonl)", z.optional(z.string().check(z.minLength(1, 'must not be empty'))), { values: filePaths }),
  resume: flag('--resume', 'with --from-results: continue the removal its results file records, skipping connections it removed', toggle),
  ...pacingFlags('with --from-results: '),
  dryRun: flag('--dry-run', 'list the connections that would be removed; remove nothing', toggle),
  ...yesFlag,
  ...outputFlags(listFormats),
};

export type RemoveInput = InputOf<typeof removeArgs, typeof removeFlags, {}>;
