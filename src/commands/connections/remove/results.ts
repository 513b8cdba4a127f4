import { defaultConcurrency } from '../../../config/defaults.js';
import type { Context } from '../../../context.js';
import { hostFs } from '../../../deps.js';
import type { Outcome } from '../../../output/view.js';
import { confirmRemoval } from '../../../command-model/confirm.js';
import { usageError } from '../../../errors.js';
import type { RemoveInput } from './input.js';
import { readableResults } from '../../../connections/bulk/results-copies.js';
import { fileProblems } from '../../../connections/bulk/results-files.js';
import { formatCount } from '../../../output/count.js';

/** `connections remove --from-results RESULTS…`: the files checked, then the bulk removal (src/connections/bulk/remove.ts). */
export async function removeFromResultsFiles(input: RemoveInput, context: Context): Promise<Outcome> {
  const paths = input.targets;
  const problems = fileProblems(hostFs(context.deps), paths, '--from-results');
  if (problems.length > 0) throw usageError(problems, 'Give the results files that connections generate --from-file wrote (--results), each once.');
  const { removeFromResults } = await import('../../../connections/bulk/remove.js');
  const readable = await readableResults(hostFs(context.deps), paths, '--from-results', context.deps.signal);
  const command = context.suggest(['connections remove --from-results', ...paths, ...(input.results ? ['--results', input.results] : []), ...(input.resume ? ['--resume'] : [])].join(' '));
  return removeFromResults(
    {
      fromResults: paths,
      readFrom: readable.paths,
      results: input.results,
      resume: input.resume === true,
      dryRun: input.dryRun === true,
      concurrency: input.concurrency ?? defaultConcurrency,
      rate: input.rate,
      project: input.project,
      confirm: (count, project) =>
        confirmRemoval(context, input.yes, {
          question: `Remove ${formatCount(count)} ${count === 1 ? 'connection' : 'connections'} from project ${project.name} (${project.id})?`,
          command,
          cancelled: 'Cancelled; no connection was removed.',
        }),
    },
    context,
  ).finally(() => readable.remove());
}
