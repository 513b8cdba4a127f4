import type { ApiClient } from '../../../api/client.js';
import { operations } from '../../../api/operations.js';
import type { Provider } from '../../../api/schemas.js';
import { askForMissing, askProject, askProvider, type Conversation, summaryLines } from '../../../connections/interactive.js';
import { buildConnectionRequest, type BuiltConnectionRequest, pruneEmpty, secretFields } from '../../../connections/request.js';
import { connectionSkeleton } from '../../../connections/skeleton.js';
import { applyEnvironment, collectDraft, type Draft, inlineSecretProblems } from '../../../connections/sources.js';
import { type ProviderLookup, providerLookup } from '../../../connections/providers.js';
import { problemLine } from '../../../connections/supply.js';
import { connectionSecrets, connectionView, hasSecrets, redactConnection } from '../../../connections/view.js';
import type { Context } from '../../../context.js';
import { exitCodes, DeclinedError, UsageError, UserError } from '../../../errors.js';
import { InputSources } from '../../../input/sources.js';
import { dryRunOutcome } from '../../../output/dry-run.js';
import type { Outcome } from '../../../output/view.js';
import { visible } from '../../../output/outside-text.js';
import type { GenerateInput as Input } from './input.js';

/*
 * `connections generate` for one connection: from flags, a JSON body, the
 * environment and, at a terminal, prompts for what is missing. Loaded when
 * the command runs without --from-file.
 */

export async function generateOne(input: Input, context: Context): Promise<Outcome> {
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
}

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
  // Asked for: the connection's own credentials pass the output's scrubber.
  if (input.showSecrets) for (const secret of connectionSecrets(connection)) context.scrubber.forget(secret);
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
  // Part of the conversation, not a notice: --quiet does not silence it.
  const write = (line: string) => context.deps.stderr.write(`${line}\n`);
  return { prompter: await context.prompter(), say: (line) => write(visible(line)), hint: (line) => write(context.paint.dim(visible(line))) };
}

async function confirm(conversation: Conversation, built: BuiltConnectionRequest, project: string): Promise<void> {
  conversation.say('');
  conversation.say('The connection to create:');
  for (const line of summaryLines(built.body, project)) conversation.say(line);
  const yes = await conversation.prompter.confirm('Create this connection?', { default: true });
  if (!yes) throw new DeclinedError('Cancelled; no connection was created.');
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
