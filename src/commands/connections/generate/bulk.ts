import { defaultConcurrency } from '../../../config/defaults.js';
import type { BulkInput } from '../../../connections/bulk/import.js';
import { shardOf, shardProblems } from '../../../connections/bulk/shard.js';
import { setValueAt } from '../../../connections/request.js';
import { setTextFields, splitScopes } from '../../../connections/sources.js';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import { parseAssignment } from '../../../input/assignments.js';
import type { Outcome } from '../../../output/view.js';
import type { GenerateInput as Input } from './input.js';

/*
 * `connections generate --from-file`: the bulk import. Its flags are checked
 * here, with the rest of the command's; the import itself
 * (src/connections/bulk/) loads when it runs.
 */

/** The checks across flags: those that work only with --from-file, or not with it. */
export function bulkProblems(input: Input): string[] {
  return input.fromFile === undefined ? bulkOnlyProblems(input) : bulkConflicts(input);
}

/** Creates a connection for each row of the file. */
export async function importRows(input: Input, fromFile: string, context: Context): Promise<Outcome> {
  const { importConnections } = await import('../../../connections/bulk/import.js');
  return importConnections(bulkInput(input, fromFile, context.deps.env), context);
}

const bulkOnlyFlags: Array<[keyof Input, string]> = [
  ['format', '--format'],
  ['concurrency', '--concurrency'],
  ['rate', '--rate'],
  ['results', '--results'],
  ['resume', '--resume'],
  ['retryUncertain', '--retry-uncertain'],
  ['skipInvalid', '--skip-invalid'],
  ['allowDuplicates', '--allow-duplicates'],
  ['shard', '--shard'],
];

function bulkOnlyProblems(input: Input): string[] {
  return bulkOnlyFlags.filter(([key]) => input[key] !== undefined).map(([, flag]) => `${flag} works with --from-file only.`);
}

/** Flags that make no sense for many rows at once; each row carries its own credentials. */
const singleRowFlags: Array<[keyof Input, string, string]> = [
  ['apiKeyFile', '--api-key-file', 'put each API key in its row (apiKey)'],
  ['passwordFile', '--password-file', 'put each password in its row (basicAuth.password)'],
  ['refreshTokenFile', '--refresh-token-file', 'put each token in its row (oauth2AuthorizationCode.refreshToken)'],
  ['accessTokenFile', '--access-token-file', 'put each token in its row (oauth2AuthorizationCode.accessToken)'],
  ['inputJson', '--input-json', 'each row of --from-file is a body'],
  ['skeleton', '--skeleton', 'print one without --from-file: it shows a row\'s fields'],
  ['showSecrets', '--show-secrets', 'a bulk import prints a summary, not connections'],
];

function bulkConflicts(input: Input): string[] {
  const problems = singleRowFlags.filter(([key]) => input[key] !== undefined).map(([, flag, why]) => `${flag} cannot be used with --from-file: ${why}.`);
  if (input.retryUncertain && !input.resume) problems.push('--retry-uncertain works with --resume only.');
  if (input.shard !== undefined) problems.push(...shardProblems(input.shard));
  for (const item of input.custom) {
    try {
      const assignment = parseAssignment(item, '--custom', { json: true, files: true });
      if (assignment.kind === 'file' || assignment.kind === 'json-file') {
        problems.push(`--custom ${assignment.key}: with --from-file, a value from a file or stdin would go to every row; put it in the rows instead.`);
      }
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      problems.push(error.message);
    }
  }
  for (const item of input.metadata) {
    try {
      parseAssignment(item, '--metadata');
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      problems.push(error.message);
    }
  }
  return problems;
}

/** The flags as every row's defaults: the body fields they give, and which custom inputs were typed inline. */
function bulkInput(input: Input, fromFile: string, env: Record<string, string | undefined>): BulkInput {
  const body: Record<string, unknown> = {};
  setTextFields(body, input);
  for (const item of input.metadata) {
    const assignment = parseAssignment(item, '--metadata');
    if (assignment.kind === 'text') setValueAt(body, `providerMetadata.${assignment.key}`, assignment.value);
  }
  const inlineCustomKeys = new Set<string>();
  for (const item of input.custom) {
    const assignment = parseAssignment(item, '--custom', { json: true, files: true });
    if (assignment.kind !== 'text' && assignment.kind !== 'json') continue;
    inlineCustomKeys.add(assignment.key);
    setValueAt(body, `customAuth.${assignment.key}`, assignment.value);
  }
  if (input.scopes !== undefined) setValueAt(body, 'oauth2AuthorizationCode.scopes', splitScopes(input.scopes));
  return {
    fromFile,
    format: input.format,
    concurrency: input.concurrency ?? defaultConcurrency,
    rate: input.rate,
    results: input.results,
    resume: input.resume === true,
    retryUncertain: input.retryUncertain === true,
    skipInvalid: input.skipInvalid === true,
    dryRun: input.dryRun === true,
    project: input.project,
    defaults: { body, inlineCustomKeys },
    shard: input.shard === undefined ? undefined : shardOf(input.shard, env),
    allowDuplicates: input.allowDuplicates === true,
  };
}
