import { connectionEnv } from '../../../connections/supply.js';
import * as z from '../../../schema/zod.js';
import { flag, type InputOf } from '../../../command-model/command.js';
import { filePaths, identifier, outputFlag } from '../../../command-model/common-flags.js';
import { projectFlag } from '../../../command-model/project-flag.js';
import { pacingFlags } from '../../../command-model/pacing-flags.js';

const value = z.optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty')));
const path = z.optional(z.string().check(z.minLength(1, 'must not be empty; give a path, or - for stdin')));
const assignments = z._default(z.array(z.string()), []);
const toggle = z.optional(z.boolean());
const files = { values: filePaths };

/** The flags of `connections generate`, for one connection and, with --from-file, for many. */
export const generateFlags = {
  ...projectFlag,
  provider: flag('--provider <name>', 'provider name, such as salesforce (see: ipctl providers get NAME)', z.optional(identifier)),
  groupRef: flag('--group-ref <ref>', 'your ID for the customer (user group); the group is created or renamed as needed', value),
  groupName: flag('--group-name <name>', 'name of the group (default: an existing group keeps its name, a new one takes the ref)', value),
  consumerRef: flag('--consumer-ref <ref>', 'your ID for the consumer (user) of the connection', value),
  consumerName: flag('--consumer-name <name>', 'name of the consumer (same default as --group-name)', value),
  workspace: flag('--workspace <name>', "the provider workspace (providerWorkspaceRef), such as a subdomain; also fills a 'workspace' metadata input", value),
  metadata: flag('--metadata <key=value>', 'a provider metadata input (providerMetadata); repeatable', assignments, { repeatable: true }),
  custom: flag('--custom <key=value>', 'a custom-auth input (customAuth); repeatable. KEY:=JSON for a structured value; KEY=@PATH or KEY=- for a password input', assignments, {
    repeatable: true,
  }),
  scopes: flag('--scopes <a,b,c>', 'OAuth scopes of the imported tokens (oauth2AuthorizationCode.scopes)', value),
  apiKeyFile: flag('--api-key-file <path>', `read the connection's API key from a file, or - for stdin (or ${connectionEnv.apiKey})`, path, files),
  username: flag('--username <name>', 'Basic auth username; sent with the password as basicAuth: {username, password}', value),
  passwordFile: flag('--password-file <path>', `read the Basic auth password from a file, or - for stdin (or ${connectionEnv.password})`, path, files),
  refreshTokenFile: flag('--refresh-token-file <path>', `read an OAuth refresh token to import, or - for stdin (or ${connectionEnv.refreshToken})`, path, files),
  accessTokenFile: flag('--access-token-file <path>', `read an OAuth access token to import, or - for stdin (or ${connectionEnv.accessToken})`, path, files),
  inputJson: flag('--input-json <path>', 'read the whole request body from a JSON file, or - for stdin; flags override its fields', path, files),
  skeleton: flag('--skeleton', 'print an empty request body to fill in (for --provider NAME: just the fields it takes), and exit', toggle),
  dryRun: flag('--dry-run', 'check everything and print the request that would be sent, secrets redacted; send nothing', toggle),
  showSecrets: flag('--show-secrets', 'show the API key and OAuth tokens of the created connection instead of ****abcd', toggle),
  fromFile: flag('--from-file <path>', 'create one connection per row of a JSONL or CSV file, or - for stdin; the flags above give every row its defaults', path, files),
  format: flag('--format <jsonl|csv>', 'the format of --from-file (default: from its extension: .jsonl, .ndjson, .json or .csv)', z.optional(z.enum(['jsonl', 'csv'], { error: 'must be jsonl or csv' })), {
    values: ['jsonl', 'csv'],
  }),
  ...pacingFlags('with --from-file: '),
  results: flag('--results <path>', 'with --from-file: the results file, one JSON line per row (default: INPUT.results.jsonl beside the input)', path, files),
  resume: flag('--resume', 'with --from-file: continue the run the results file records, skipping rows it created', toggle),
  retryUncertain: flag('--retry-uncertain', 'with --resume: look up each row whose outcome is unknown by its provider, group and consumer, and send it again only when no such connection exists', toggle),
  skipInvalid: flag('--skip-invalid', 'with --from-file: send the valid rows even if some are invalid, recording those as invalid', toggle),
  allowDuplicates: flag('--allow-duplicates', 'with --from-file: send rows that repeat an earlier row\'s group, consumer and provider (by default they are invalid)', toggle),
  shard: flag(
    '--shard <i/n|auto>',
    'with --from-file: take only the rows whose key (group, consumer, provider) falls in shard I of N, for one job of a CI matrix; auto reads I and N from the CI',
    z.optional(z.string().check(z.regex(/^(auto|[0-9]{1,9}\/[0-9]{1,9})$/, 'must be I/N (such as 2/4, the second of 4 jobs) or auto'))),
    { values: ['auto'] },
  ),
  ...outputFlag,
};

export type GenerateInput = InputOf<{}, typeof generateFlags, {}>;
