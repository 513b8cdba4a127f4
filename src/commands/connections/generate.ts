import type { ApiClient } from '../../api/client.js';
import { operations } from '../../api/operations.js';
import type { Provider } from '../../api/schemas.js';
import { askForMissing, askProject, askProvider, type Conversation, summaryLines } from '../../connections/interactive.js';
import type { BulkInput } from '../../connections/bulk/import.js';
import { buildConnectionRequest, type BuiltConnectionRequest, pruneEmpty, secretFields, setValueAt } from '../../connections/request.js';
import { connectionSkeleton } from '../../connections/skeleton.js';
import { applyEnvironment, collectDraft, type Draft, inlineSecretProblems, splitScopes } from '../../connections/sources.js';
import { type ProviderLookup, providerLookup } from '../../connections/providers.js';
import { connectionEnv, problemLine } from '../../connections/supply.js';
import { connectionView, hasSecrets, redactConnection } from '../../connections/view.js';
import type { Context } from '../../context.js';
import { exitCodes, InterruptedError, UsageError, UserError } from '../../errors.js';
import { parseAssignment } from '../../input/assignments.js';
import { InputSources } from '../../input/sources.js';
import { dryRunOutcome } from '../../output/dry-run.js';
import type { Outcome } from '../../output/view.js';
import * as z from '../../schema/zod.js';
import { defineCommand } from '../command.js';
import { describe } from '../help.js';
import { addOutputOptions, completeValues, filePaths, identifier, outputSchema, parseInput, usageError } from '../input.js';

const value = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));
const path = z.string().check(z.minLength(1, 'must not be empty; give a path, or - for stdin'));

const schema = z.object({
  project: z.optional(identifier),
  provider: z.optional(identifier),
  groupRef: z.optional(value),
  groupName: z.optional(value),
  consumerRef: z.optional(value),
  consumerName: z.optional(value),
  workspace: z.optional(value),
  metadata: z._default(z.array(z.string()), []),
  custom: z._default(z.array(z.string()), []),
  scopes: z.optional(value),
  apiKeyFile: z.optional(path),
  username: z.optional(value),
  passwordFile: z.optional(path),
  refreshTokenFile: z.optional(path),
  accessTokenFile: z.optional(path),
  inputJson: z.optional(path),
  skeleton: z.optional(z.boolean()),
  dryRun: z.optional(z.boolean()),
  showSecrets: z.optional(z.boolean()),
  fromFile: z.optional(path),
  format: z.optional(z.enum(['jsonl', 'csv'], { error: 'must be jsonl or csv' })),
  concurrency: z.optional(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number from 1 to 64')), z.transform(Number)),
      z.number().check(z.int(), z.minimum(1, 'must be at least 1'), z.maximum(64, 'must be at most 64')),
    ),
  ),
  results: z.optional(path),
  resume: z.optional(z.boolean()),
  retryUncertain: z.optional(z.boolean()),
  skipInvalid: z.optional(z.boolean()),
  ...outputSchema,
});

type Input = z.infer<typeof schema>;

const collect = (item: string, items: string[] = []): string[] => [...items, item];

export default defineCommand({
  configure(command) {
    command
      .option('--project <id|name>', "project ID or name (default: IPCTL_PROJECT or the profile's project)")
      .option('--provider <name>', 'provider name, such as salesforce (see: ipctl providers get NAME)')
      .option('--group-ref <ref>', 'your ID for the customer (user group); the group is created or renamed as needed')
      .option('--group-name <name>', 'name of the group (default: an existing group keeps its name, a new one takes the ref)')
      .option('--consumer-ref <ref>', 'your ID for the consumer (user) of the connection')
      .option('--consumer-name <name>', 'name of the consumer (same default as --group-name)')
      .option('--workspace <name>', "the provider workspace (providerWorkspaceRef), such as a subdomain; also fills a 'workspace' metadata input")
      .option('--metadata <key=value>', 'a provider metadata input (providerMetadata); repeatable', collect)
      .option('--custom <key=value>', 'a custom-auth input (customAuth); repeatable. KEY:=JSON for a structured value; KEY=@PATH or KEY=- for a password input', collect)
      .option('--scopes <a,b,c>', 'OAuth scopes of the imported tokens (oauth2AuthorizationCode.scopes)')
      .option('--api-key-file <path>', `read the connection's API key from a file, or - for stdin (or ${connectionEnv.apiKey})`)
      .option('--username <name>', 'Basic auth username; sent with the password as basicAuth: {username, password}')
      .option('--password-file <path>', `read the Basic auth password from a file, or - for stdin (or ${connectionEnv.password})`)
      .option('--refresh-token-file <path>', `read an OAuth refresh token to import, or - for stdin (or ${connectionEnv.refreshToken})`)
      .option('--access-token-file <path>', `read an OAuth access token to import, or - for stdin (or ${connectionEnv.accessToken})`)
      .option('--input-json <path>', 'read the whole request body from a JSON file, or - for stdin; flags override its fields')
      .option('--skeleton', 'print an empty request body to fill in (for --provider NAME: just the fields it takes), and exit')
      .option('--dry-run', 'check everything and print the request that would be sent, secrets redacted; send nothing')
      .option('--show-secrets', 'show the API key and OAuth tokens of the created connection instead of ****abcd')
      .option('--from-file <path>', 'create one connection per row of a JSONL or CSV file, or - for stdin; the flags above give every row its defaults')
      .option('--format <jsonl|csv>', 'the format of --from-file (default: from its extension: .jsonl, .ndjson, .json or .csv)')
      .option('--concurrency <n>', `with --from-file: requests in flight at once, 1 to 64 (default: ${defaultConcurrency})`)
      .option('--results <path>', 'with --from-file: the results file, one JSON line per row (default: INPUT.results.jsonl beside the input)')
      .option('--resume', 'with --from-file: continue the run the results file records, skipping rows it created')
      .option('--retry-uncertain', 'with --resume: send again the rows whose outcome is unknown (check first that they were not created)')
      .option('--skip-invalid', 'with --from-file: send the valid rows even if some are invalid, recording those as invalid');
    for (const flag of ['--api-key-file', '--password-file', '--refresh-token-file', '--access-token-file', '--input-json', '--from-file', '--results']) completeValues(command, flag, filePaths);
    completeValues(command, '--format', ['jsonl', 'csv']);
    addOutputOptions(command);
    describe(command, {
      description: [
        'Create a connection for a customer\'s account at a provider (POST /projects/{project}/connections:generate), importing credentials you already hold.',
        'The provider decides what is needed: `ipctl providers get NAME` lists it. apiKey providers take an API key; basic providers an API key (when they take the key as Basic credentials) or --username and a password, sent as basicAuth: {username, password}; custom and jwt providers each of their inputs (--custom); oauth2 providers an existing refresh token to import (new OAuth connections are better made with the OAuth connect flow), with --scopes and --workspace when the provider requires them; none providers no credential. Each metadata input without a default is required.',
        'Secrets never come from the command line: give a file, - for stdin (once per run), an environment variable, or answer the no-echo prompt. At a terminal, missing values are asked for, then a summary is confirmed; without one (or with --no-input) every missing value is listed with its flag. The provider is read first (no credential needed) to check everything before the request is sent.',
        `Bulk import (--from-file): each row of a JSONL file (one body a line, as --input-json takes it) or a CSV file (a header row naming body fields, dotted for nested ones: customAuth.password) is one connection; --project, --provider and the other non-secret flags give every row its defaults. Every row is checked before any is sent (invalid rows are listed by line; --skip-invalid sends the rest), then ${defaultConcurrency} requests at a time (--concurrency) go out, slowing down together when the service answers 429 or 503. The results file gets a line per row as it finishes; --resume skips rows it records as created and never re-sends a row whose outcome is unknown (--retry-uncertain does). Secrets in the rows never reach the results, the output or --debug traces. Reference: docs/commands/connections-bulk.md.`,
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
      ],
      environment: [
        `${connectionEnv.apiKey}        the connection's API key (apiKey providers, and basic ones that take a key)`,
        `${connectionEnv.password}       the Basic auth password`,
        `${connectionEnv.refreshToken}  an OAuth refresh token to import`,
        `${connectionEnv.accessToken}   an OAuth access token to import`,
        `${connectionEnv.customPrefix}<NAME>  a password input of a custom or jwt provider; NAME in upper snake case (privateKey → PRIVATE_KEY)`,
        'IPCTL_PROJECT                   default project',
        'IPCTL_API_KEY                   your platform API key (X-Api-Key)',
      ],
      exitCodes: [
        '0 created (or printed, with --dry-run or --skeleton); with --from-file: every row created',
        '1 the API refused the request; with --from-file: some rows failed, were invalid or are uncertain (see the results file)',
        '2 invalid or missing values, every one listed (with --from-file: invalid rows, by line); nothing was sent',
        '3 unknown provider or project',
        '4 missing or rejected API key',
        '5 temporary failure (network, timeout, 429, 5xx); with --from-file: the service became unreachable and the run stopped',
        '130 cancelled at a prompt (Ctrl-C) or the summary declined; nothing was sent. With --from-file: interrupted; the rows in flight were finished and recorded',
      ],
    });
  },
  parse(raw, command) {
    const input = parseInput(schema, raw, command);
    const problems = input.fromFile === undefined ? bulkOnlyProblems(input) : bulkConflicts(input);
    if (problems.length > 0) throw usageError(problems, 'See: ipctl connections generate --help, and docs/commands/connections-bulk.md');
    return input;
  },
  async run(input, context) {
    if (input.fromFile !== undefined) {
      const { importConnections } = await import('../../connections/bulk/import.js');
      return importConnections(bulkInput(input, input.fromFile), context);
    }
    const settings = await context.settings({ project: input.project });
    const api = await context.api(settings);
    const lookUp = providerLookup(api);
    if (input.skeleton) {
      const provider = input.provider ? await requireProvider(lookUp, input.provider) : undefined;
      const skeleton = connectionSkeleton(provider);
      return { data: skeleton, view: { kind: 'text', text: JSON.stringify(skeleton, null, 2) } };
    }
    const problems: string[] = [];
    const draft = await collectDraft(input, new InputSources(context.deps), problems);
    if (problems.length > 0) throw notReady(problems, input);
    // Blanks (a skeleton's "") are values not given: the prompts ask for them.
    draft.body = pruneEmpty(draft.body) ?? {};
    // Fails with exit 4 now if no API key is configured, before anyone answers a prompt.
    api.prepare(operations.generateConnection, { path: { projectIdOrName: settings.project.value ?? '-' } });
    return generate(input, context, api, lookUp, draft, settings.project.value);
  },
});

async function generate(input: Input, context: Context, api: ApiClient, lookUp: ProviderLookup, draft: Draft, defaultProject: string | undefined): Promise<Outcome> {
  let project = defaultProject;
  if (context.interactive && !project) project = await askProject(await conversationOf(context));
  if (context.interactive && draft.body.provider === undefined) draft.body.provider = await askProvider(await conversationOf(context), lookUp);
  const providerName = typeof draft.body.provider === 'string' ? draft.body.provider : undefined;
  const provider = providerName ? await requireProvider(lookUp, providerName) : undefined;
  if (provider) applyEnvironment(draft, provider, context.deps.env);
  const refused = provider ? inlineSecretProblems(draft, provider) : [];
  let built = buildConnectionRequest(draft.body, provider);
  // Prompts fill gaps; a value given wrongly is for the person to fix in the command.
  const onlyMissing = refused.length === 0 && built.problems.every((problem) => problem.code === 'missing');
  const asked = context.interactive && provider !== undefined && onlyMissing && built.problems.length > 0;
  if (asked) {
    await askForMissing(await conversationOf(context), draft.body, provider);
    built = buildConnectionRequest(draft.body, provider);
  }
  const problems = [...(project ? [] : [missingProject()]), ...refused, ...problemLines(built, provider, input)];
  if (problems.length > 0) throw notReady(problems, input, provider);
  const params = { path: { projectIdOrName: project as string }, body: built.body };
  if (input.dryRun) return dryRunOutcome(api.prepare(operations.generateConnection, params));
  if (asked) await confirm(await conversationOf(context), built, project as string);
  const connection = await api.call(operations.generateConnection, params);
  const shown = input.showSecrets ? connection : redactConnection(connection);
  const notes = [`Created connection ${connection.id ?? ''} for ${connection.group?.groupRef ?? 'the group'} at ${connection.provider ?? providerName}.`];
  if (!input.showSecrets && hasSecrets(connection)) notes.push('Its credentials are shown redacted; add --show-secrets to see them.');
  return { data: shown, view: connectionView(shown), notes };
}

const defaultConcurrency = 8;

const bulkOnlyFlags: Array<[keyof Input, string]> = [
  ['format', '--format'],
  ['concurrency', '--concurrency'],
  ['results', '--results'],
  ['resume', '--resume'],
  ['retryUncertain', '--retry-uncertain'],
  ['skipInvalid', '--skip-invalid'],
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
function bulkInput(input: Input, fromFile: string): BulkInput {
  const body: Record<string, unknown> = {};
  const texts: Array<[string, string | undefined]> = [
    ['provider', input.provider],
    ['groupRef', input.groupRef],
    ['groupName', input.groupName],
    ['consumerRef', input.consumerRef],
    ['consumerName', input.consumerName],
    ['providerWorkspaceRef', input.workspace],
    ['basicAuth.username', input.username],
  ];
  for (const [field, value] of texts) if (value !== undefined) setValueAt(body, field, value);
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
    results: input.results,
    resume: input.resume === true,
    retryUncertain: input.retryUncertain === true,
    skipInvalid: input.skipInvalid === true,
    dryRun: input.dryRun === true,
    project: input.project,
    defaults: { body, inlineCustomKeys },
  };
}

const conversations = new WeakMap<Context, Promise<Conversation>>();

/** The prompter loads only when a question is asked. */
function conversationOf(context: Context): Promise<Conversation> {
  let conversation = conversations.get(context);
  if (!conversation) {
    conversation = startConversation(context);
    conversations.set(context, conversation);
  }
  return conversation;
}

async function startConversation(context: Context): Promise<Conversation> {
  return { prompter: await context.prompter(), say: (line) => context.say(line), dim: (text) => context.paint.dim(text) };
}

async function confirm(conversation: Conversation, built: BuiltConnectionRequest, project: string): Promise<void> {
  conversation.say('');
  conversation.say('The connection to create:');
  for (const line of summaryLines(built.body, project)) conversation.say(line);
  const yes = await conversation.prompter.confirm('Create this connection?', { default: true });
  if (!yes) throw new InterruptedError('Cancelled; no connection was created.');
}

function problemLines(built: BuiltConnectionRequest, provider: Provider | undefined, input: Input): string[] {
  const secrets = secretFields(provider);
  return built.problems.map((problem) => problemLine(problem, secrets, input.inputJson !== undefined));
}

function missingProject(): string {
  return "No project given. Give --project ID|NAME, or set IPCTL_PROJECT or the profile's project (ipctl profile add NAME --project ID).";
}

function notReady(problems: string[], input: Input, provider?: Provider): UsageError {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  const hint = provider?.name
    ? `What a connection to ${provider.name} needs: ipctl providers get ${provider.name}`
    : input.provider === undefined
      ? 'See: ipctl connections generate --help'
      : undefined;
  return new UsageError(`The connection cannot be created (${count}); nothing was sent:`, hint, problems);
}

async function requireProvider(lookUp: ProviderLookup, name: string): Promise<Provider> {
  const provider = await lookUp(name);
  if (provider) return provider;
  throw new UserError(`Provider "${name}" is not in the catalogue.`, exitCodes.notFound, 'Provider names are case-sensitive; check one with: ipctl providers get NAME');
}
