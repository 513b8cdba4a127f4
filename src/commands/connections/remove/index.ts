import { defineCommand } from '../../../command-model/command.js';
import { identifier } from '../../../command-model/common-flags.js';
import { removeArgs, removeFlags, type RemoveInput } from './input.js';

/*
 * `connections remove ID…` and `connections remove --from-results RESULTS…`:
 * removes connections by ID, or every connection that bulk imports' results
 * files record as created (a bulk run of its own: src/connections/bulk/remove.ts).
 */

export default defineCommand({
  args: removeArgs,
  flags: removeFlags,
  check: (input) => removeProblems(input),
  help: {
    description: [
      'Remove connections (DELETE /projects/{project}/connections/{id}), by ID, or every connection that a bulk import created (--from-results).',
      'By ID: each is read first, so that an unknown ID (exit 3) removes nothing; then, once confirmed, each is removed in turn, and a table lists them. At a terminal it asks first (no is the default); elsewhere (scripts, CI, --no-input) it needs --yes.',
      'From results (--from-results RESULTS…): the results files of one connections generate --from-file run (one file, or one per shard) name the connections to remove: each row recorded as created, by its connectionId; a row recorded as uncertain, or created without a connectionId, is looked up by its provider, group and consumer (one match is removed, none means nothing to remove, several are listed and left alone). The project is the one the records name (--project naming another is refused); it is checked with one GET before anything is sent, so that a 404 then means the connection is already gone. One question names the count and the project. Then it runs as the import does: --concurrency, --rate, slowing down together on 429 or 503, progress on stderr, and a results file of its own (default: beside the first RESULTS, NAME.removed.jsonl) with a durable record before each request, which --resume continues, never sending a removed row again. connections report reads it. Reference: docs/commands/connections-bulk.md ("Removing what an import created").',
    ].join('\n\n'),
    examples: [
      'ipctl connections remove conn_9pnxuvcy42eq7hvswnil --project demo',
      'ipctl connections remove conn_9pnxuvcy42eq7hvswnil conn_qy7804c9e1mr2y5w1vef --project demo --yes',
      'ipctl connections remove --from-results customers.results.jsonl --dry-run',
      'ipctl connections remove --from-results customers.results.jsonl --yes',
      'ipctl connections remove --from-results results/shard-*.jsonl --results removed.jsonl --yes   # every shard of one import',
      'ipctl connections remove --from-results customers.results.jsonl --resume --yes   # after a failure or Ctrl-C',
    ],
    environment: ['IPCTL_PROJECT                   default project', 'IPCTL_API_KEY, IPCTL_TOKEN      your platform credentials'],
    exitCodes: [
      '0 removed (or listed, with --dry-run); with --from-results: every connection recorded was removed or was already gone',
      '1 with --from-results: some connections were not removed (the service refused, no clear answer, several match a row\'s key, or not sent), or the results file could not be written; --resume continues',
      '2 invalid flags or files, --project naming another project than the records, records of more than one project, or no --yes where there is no terminal to ask at; nothing was removed',
      '3 an unknown connection ID or project; nothing was removed',
      '4 missing or rejected credentials',
      '5 temporary failure (network, timeout, 429, 5xx); with --from-results: the service became unreachable, and the run stopped',
      '130 the question was answered no (nothing was removed), or interrupted (with --from-results: the requests in flight were finished and recorded)',
    ],
  },
  async run(input, context) {
    if (input.fromResults) return (await import('./results.js')).removeFromResultsFiles(input, context);
    return (await import('./ids.js')).removeByIds(input, context);
  },
});

const resultsOnlyFlags: Array<[keyof RemoveInput, string]> = [
  ['results', '--results'],
  ['resume', '--resume'],
  ['concurrency', '--concurrency'],
  ['rate', '--rate'],
];

function removeProblems(input: RemoveInput): string[] {
  if (input.fromResults) return input.targets.length === 0 ? ['--from-results needs the results files to remove from, such as customers.results.jsonl.'] : [];
  const problems = resultsOnlyFlags.filter(([key]) => input[key] !== undefined).map(([, name]) => `${name} works with --from-results only.`);
  if (input.targets.length === 0) problems.push('Give the IDs of the connections to remove, or --from-results RESULTS….');
  for (const id of input.targets) {
    const parsed = identifier.safeParse(id);
    if (!parsed.success) problems.push(`connection ID ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
  }
  return problems;
}
