import { z } from 'zod';
import type { ApiClient } from '../../api/client.js';
import { operations } from '../../api/operations.js';
import type { Provider } from '../../api/schemas.js';
import { askForMissing, askProject, askProvider, type Conversation, summaryLines } from '../../connections/interactive.js';
import { buildConnectionRequest, type BuiltConnectionRequest, pruneEmpty, secretFields } from '../../connections/request.js';
import { connectionSkeleton } from '../../connections/skeleton.js';
import { applyEnvironment, collectDraft, type Draft, inlineSecretProblems } from '../../connections/sources.js';
import { connectionEnv, problemLine } from '../../connections/supply.js';
import { connectionView, hasSecrets, redactConnection } from '../../connections/view.js';
import type { Context } from '../../context.js';
import { ApiError, exitCodes, InterruptedError, UsageError, UserError } from '../../errors.js';
import { InputSources } from '../../input/sources.js';
import { dryRunOutcome } from '../../output/dry-run.js';
import type { Outcome } from '../../output/view.js';
import { defineCommand } from '../command.js';
import { describe } from '../help.js';
import { addOutputOptions, completeValues, filePaths, identifier, outputSchema, parseInput } from '../input.js';

const value = z.string().trim().min(1, 'must not be empty');
const path = z.string().min(1, 'must not be empty; give a path, or - for stdin');

const schema = z.object({
  project: identifier.optional(),
  provider: identifier.optional(),
  groupRef: value.optional(),
  groupName: value.optional(),
  consumerRef: value.optional(),
  consumerName: value.optional(),
  workspace: value.optional(),
  metadata: z.array(z.string()).default([]),
  custom: z.array(z.string()).default([]),
  scopes: value.optional(),
  apiKeyFile: path.optional(),
  username: value.optional(),
  passwordFile: path.optional(),
  refreshTokenFile: path.optional(),
  accessTokenFile: path.optional(),
  inputJson: path.optional(),
  skeleton: z.boolean().optional(),
  dryRun: z.boolean().optional(),
  showSecrets: z.boolean().optional(),
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
      .option('--show-secrets', 'show the API key and OAuth tokens of the created connection instead of ****abcd');
    for (const flag of ['--api-key-file', '--password-file', '--refresh-token-file', '--access-token-file', '--input-json']) completeValues(command, flag, filePaths);
    addOutputOptions(command);
    describe(command, {
      description: [
        'Create a connection for a customer\'s account at a provider (POST /projects/{project}/connections:generate), importing credentials you already hold.',
        'The provider decides what is needed: `ipctl providers get NAME` lists it. apiKey providers take an API key; basic providers an API key (when they take the key as Basic credentials) or --username and a password, sent as basicAuth: {username, password}; custom and jwt providers each of their inputs (--custom); oauth2 providers an existing refresh token to import (new OAuth connections are better made with the OAuth connect flow), with --scopes and --workspace when the provider requires them; none providers no credential. Each metadata input without a default is required.',
        'Secrets never come from the command line: give a file, - for stdin (once per run), an environment variable, or answer the no-echo prompt. At a terminal, missing values are asked for, then a summary is confirmed; without one (or with --no-input) every missing value is listed with its flag. The provider is read first (no credential needed) to check everything before the request is sent.',
      ].join('\n\n'),
      examples: [
        'ipctl connections generate --project demo --provider pipedrive --group-ref acme-corp --consumer-ref u-42 --workspace acme --api-key-file key.txt',
        "ipctl connections generate --project demo --provider snowflake --group-ref acme-corp --consumer-ref u-42 --custom account=acme-xy12345 --custom username=LOADER_SVC --custom password=@pw.txt --custom role=LOADER --custom warehouse=COMPUTE_WH",
        'ipctl connections generate --project demo --provider salesforce --group-ref acme-corp --consumer-ref u-42 --workspace acme --scopes api,refresh_token --refresh-token-file token.txt',
        'ipctl connections generate --provider zendesk --skeleton > body.json   # fill it in, then:',
        'ipctl connections generate --project demo --input-json body.json --dry-run',
        'ipctl connections generate                 # at a terminal: asks for everything',
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
        '0 created (or printed, with --dry-run or --skeleton)',
        '1 the API refused the request',
        '2 invalid or missing values, every one listed; nothing was sent',
        '3 unknown provider or project',
        '4 missing or rejected API key',
        '5 temporary failure (network, timeout, 429, 5xx)',
        '130 cancelled at a prompt (Ctrl-C) or the summary declined; nothing was sent',
      ],
    });
  },
  parse: (raw, command) => parseInput(schema, raw, command),
  async run(input, context) {
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
  return { prompter: await context.prompter(), say: (line) => context.say(line), dim: (text) => context.chalk.dim(text) };
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

type ProviderLookup = (name: string) => Promise<Provider | undefined>;

/** Reads providers from the catalogue (no credential), once per name; undefined for an unknown one. */
function providerLookup(api: ApiClient): ProviderLookup {
  const cache = new Map<string, Promise<Provider | undefined>>();
  return (name) => {
    let found = cache.get(name);
    if (!found) {
      found = api.call(operations.getProvider, { path: { provider: name } }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return undefined;
        cache.delete(name);
        throw error;
      });
      cache.set(name, found);
    }
    return found;
  };
}

async function requireProvider(lookUp: ProviderLookup, name: string): Promise<Provider> {
  const provider = await lookUp(name);
  if (provider) return provider;
  throw new UserError(`Provider "${name}" is not in the catalogue.`, exitCodes.notFound, 'Provider names are case-sensitive; check one with: ipctl providers get NAME');
}
