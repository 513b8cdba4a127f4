import { defaultConcurrency } from '../../../config/defaults.js';
import { connectionEnv } from '../../../connections/supply.js';
import { defineCommand } from '../../../command-model/command.js';
import { generateFlags } from './input.js';

export default defineCommand({
  flags: generateFlags,
  check: async (input) => (await import('./bulk.js')).bulkProblems(input),
  help: {
    description: [
      'Create a connection for a customer\'s account at a provider (POST /projects/{project}/connections:generate), importing credentials you already hold.',
      'The provider decides what is needed: `ipctl providers get NAME` lists it. apiKey providers take an API key; basic providers an API key (when they take the key as Basic credentials) or --username and a password, sent as basicAuth: {username, password}; custom and jwt providers each of their inputs (--custom); oauth2 providers an existing refresh token to import (new OAuth connections are better made with the OAuth connect flow), with --scopes and --workspace when the provider requires them; none providers no credential. Each metadata input without a default is required.',
      'Secrets never come from the command line: give a file, - for stdin (once per run), an environment variable, or answer the no-echo prompt. At a terminal, missing values are asked for, then a summary is confirmed; without one (or with --no-input) every missing value is listed with its flag. The provider is read first (no credential needed) to check everything before the request is sent.',
      `Bulk import (--from-file): each row of a JSONL file (one body a line, as --input-json takes it) or a CSV file (a header row naming body fields, dotted for nested ones: customAuth.password) is one connection; --project, --provider and the other non-secret flags give every row its defaults. Every row is checked before any is sent (invalid rows are listed by line; --skip-invalid sends the rest), then ${defaultConcurrency} requests at a time (--concurrency) go out, at most --rate a second if given, slowing down together when the service answers 429 or 503. The results file gets a line per row as it finishes; --resume skips rows it records as created and never re-sends a row whose outcome is unknown (--retry-uncertain does, once a lookup by its key finds no connection). Secrets in the rows never reach the results, the output or --debug traces. Reference: docs/commands/connections-bulk.md.`,
    ].join('\n\n'),
    examples: [
      'ipctl connections generate --project demo --provider pipedrive --group-ref acme-corp --consumer-ref u-42 --workspace acme --api-key-file key.txt',
      "ipctl connections generate --project demo --provider snowflake --group-ref acme-corp --consumer-ref u-42 --custom account=acme-xy12345 --custom username=LOADER_SVC --custom password=@pw.txt --custom role=LOADER --custom warehouse=COMPUTE_WH",
      'ipctl connections generate --project demo --provider salesforce --group-ref acme-corp --consumer-ref u-42 --workspace acme --scopes api,refresh_token --refresh-token-file token.txt',
      'ipctl connections generate --provider zendesk --skeleton > body.json   # fill it in, then:',
      'ipctl connections generate --project demo --input-json body.json --dry-run',
      'ipctl connections generate                 # at a terminal: asks for everything',
      'ipctl connections generate --project demo --provider pipedrive --from-file customers.csv',
      'ipctl connections generate --project demo --from-file connections.jsonl --resume   # after a failure or Ctrl-C',
      'ipctl connections generate --project demo --from-file connections.jsonl --shard 2/4   # one job of four in a CI matrix',
    ],
    environment: [
      `${connectionEnv.apiKey}        the connection's API key (apiKey providers, and basic ones that take a key)`,
      `${connectionEnv.password}       the Basic auth password`,
      `${connectionEnv.refreshToken}  an OAuth refresh token to import`,
      `${connectionEnv.accessToken}   an OAuth access token to import`,
      `${connectionEnv.customPrefix}<NAME>  a password input of a custom or jwt provider; NAME in upper snake case (privateKey → PRIVATE_KEY)`,
      'IPCTL_PROJECT                   default project',
      'IPCTL_API_KEY                   your platform API key (X-Api-Key)',
      'IPCTL_SHARD_INDEX, IPCTL_SHARD_TOTAL  with --shard auto: this job\'s shard (from 1) and how many; set from the matrix on GitHub Actions',
      'CI_NODE_INDEX, CI_NODE_TOTAL    with --shard auto: GitLab CI\'s parallel job (from 1) and count',
      'BUILDKITE_PARALLEL_JOB, BUILDKITE_PARALLEL_JOB_COUNT  with --shard auto: Buildkite\'s (from 0)',
      'CIRCLE_NODE_INDEX, CIRCLE_NODE_TOTAL  with --shard auto: CircleCI\'s (from 0)',
    ],
    exitCodes: [
      '0 created (or printed, with --dry-run or --skeleton); with --from-file: every row created',
      '1 the API refused the request; with --from-file: some rows failed, were invalid, are uncertain or were not sent (see the results file), or the results file could not be written (a full disk, a quota, a file-size limit: the summary says what was done; --resume continues)',
      '2 invalid or missing values, every one listed (with --from-file: invalid rows, by line); nothing was sent',
      '3 unknown provider or project',
      '4 missing or rejected API key',
      '5 temporary failure (network, timeout, 408, 429, 5xx); with --from-file: the service became unreachable, or asked to wait longer than IPCTL_RETRY_MAX_WAIT, and the run stopped',
      '130 cancelled at a prompt (Ctrl-C) or the summary declined; nothing was sent. With --from-file: interrupted; the rows in flight were finished and recorded',
    ],
  },
  async run(input, context) {
    if (input.fromFile !== undefined) return (await import('./bulk.js')).importRows(input, input.fromFile, context);
    return (await import('./one.js')).generateOne(input, context);
  },
});
