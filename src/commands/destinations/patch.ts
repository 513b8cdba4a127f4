import type { Destination } from '../../api/schemas.js';
import type { Settings } from '../../config/resolve.js';
import { Secret } from '../../config/secret.js';
import type { Context } from '../../context.js';
import { DESTINATION_METADATA_KEYS, DESTINATION_METADATA_INTEGER_KEYS, DESTINATION_SECRET_KEYS, isMetadataKey, type MaskPath, UPDATE_MASK_PATHS } from '../../destinations/fields.js';
import { UsageError } from '../../errors.js';
import { InputSources } from '../../input/sources.js';
import { dryRunOutcome } from '../../output/dry-run.js';
import type { Cell, RecordView } from '../../output/view.js';
import * as z from '../../schema/zod.js';
import { argument, defineCommand, flag } from '../command.js';
import { filePaths, identifier, outputFlag, partialChoices, usageError } from '../input.js';
import { layerFromDocument, layerFromFlags, mergeLayers, type PatchFlags, type PatchLayer, type PatchPlan, requestBody, secretChanges } from '../../destinations/patch-plan.js';

const helpHint = 'See: ipctl destinations patch --help';
const repeatable = z.optional(z.array(z.string()));

export default defineCommand({
  summary: "Change a destination's name, metadata or secrets",
  args: { destination: argument('<destination>', 'destination ID, such as dest_webhook', identifier) },
  flags: {
    project: flag('--project <idOrName>', "project ID or name (default: IPCTL_PROJECT or the profile's project)", z.optional(identifier)),
    name: flag('--name <name>', 'a new name', z.optional(z.string())),
    set: flag('--set <metadata.KEY=VALUE>', 'set a metadata key (repeatable); metadata.KEY:=JSON takes a JSON value', repeatable, {
      repeatable: true,
      values: partialChoices(DESTINATION_METADATA_KEYS.map((key) => `metadata.${key}=`)),
    }),
    header: flag('--header <NAME=VALUE>', 'a header of metadata.headers (repeatable); together they replace all the headers', repeatable, { repeatable: true }),
    secret: flag('--secret <KEY=@PATH|KEY=-|KEY>', 'set a secret from a file, from stdin (-), or at a no-echo prompt (KEY alone); repeatable', repeatable, {
      repeatable: true,
      values: partialChoices(DESTINATION_SECRET_KEYS),
    }),
    clear: flag('--clear <PATH>', 'clear a field: put it in the mask without a value (repeatable)', repeatable, {
      repeatable: true,
      values: UPDATE_MASK_PATHS.filter((path) => path !== 'name'),
    }),
    updateMask: flag('--update-mask <paths>', 'the mask, comma-separated; checked against the fields given (default: computed from them)', z.optional(z.string()), {
      values: partialChoices(UPDATE_MASK_PATHS),
    }),
    inputJson: flag(
      '--input-json <PATH|->',
      'the whole body {updateMask, destination} from a file, or - for stdin; flags override it path by path',
      z.optional(z.string().check(z.minLength(1, 'give a file path, or - for stdin'))),
      { values: filePaths },
    ),
    dryRun: flag('--dry-run', 'print the request, secrets redacted, and send nothing', z.optional(z.boolean())),
    ...outputFlag,
  },
  check(input) {
    const { layer, problems } = layerFromFlags(input);
    // Without a document the flags are the whole patch, so the mask can be checked now.
    if (problems.length === 0 && input.inputJson === undefined) problems.push(...mergeLayers(layer).problems);
    return problems;
  },
  help: {
    notes: fieldsHelp(),
    description:
      'Change a destination: its name, metadata keys and write-only secrets. The update mask is computed from exactly the fields given, and each path is checked against those the API allows; nothing is sent if one is unknown. Secret values never come from the command line: they are read from a file, stdin or a no-echo prompt, and never printed. Prints the updated destination, then names on stderr the secrets that were updated. Needs an API key or a bearer token (the API key is used when both are configured).',
    examples: [
      'ipctl destinations patch dest_sqs --project demo --set metadata.region=eu-central-1',
      'ipctl destinations patch dest_snowflake --project demo --set metadata.batchSize=1000 --clear metadata.maxWaitSecs',
      'ipctl destinations patch dest_webhook --project demo --header X-Source=ipctl --header "X-Environment: staging"',
      'ipctl destinations patch dest_s3 --project demo --secret accessKeyId=@key-id.txt --secret secretAccessKey=- < secret.txt',
      'ipctl destinations patch dest_marketing_kinesis --project marketing --secret awsSecretKey',
      'ipctl destinations patch dest_snowflake --project demo --input-json patch.json --name warehouse-eu --dry-run',
    ],
    environment: ['IPCTL_PROJECT   default project ID or name', 'IPCTL_API_KEY   API key (used when both are set)', 'IPCTL_TOKEN     bearer token'],
    exitCodes: [
      '0 updated (with --dry-run: shown, nothing sent)',
      '1 the API rejected the update (such as HTTP 400)',
      '2 invalid input, nothing sent',
      '3 project or destination not found',
      '4 missing or rejected credentials',
      '5 temporary failure (network, timeout, 429, 5xx)',
      '130 interrupted at a prompt, nothing sent',
    ],
  },
  async run(input, context) {
    const settings = await context.settings({ project: input.project });
    const project = requireProject(settings);
    const sources = new InputSources(context.deps);
    const plan = await planPatch(input, layerFromFlags(input).layer, sources, context.interactive);
    const api = await context.api(settings);
    const { operations } = await import('../../api/operations.js');
    const path = { projectIdOrName: project, destination: input.destination };
    // Fails on a missing credential (exit 4) before anyone is asked to type a secret.
    api.prepare(operations.updateDestination, { path });
    const params = { path, body: requestBody(plan, await readSecrets(plan, sources, context)) };
    if (input.dryRun) return dryRunOutcome(api.prepare(operations.updateDestination, params));
    const destination = await api.call(operations.updateDestination, params);
    return { data: destination, view: destinationView(destination), messages: secretMessages(plan) };
  },
});

function requireProject(settings: Settings): string {
  const project = settings.project.value;
  if (!project) {
    throw new UsageError('No project given.', 'Pass --project ID_OR_NAME, or set a default with IPCTL_PROJECT or `ipctl profile add NAME --project ID_OR_NAME`.');
  }
  return project;
}

/** Reads --input-json, merges it with the flags, and checks the result; every problem is reported at once. */
async function planPatch(input: PatchFlags, flags: PatchLayer, sources: InputSources, interactive: boolean): Promise<PatchPlan> {
  const document = input.inputJson === undefined ? undefined : layerFromDocument(await sources.readJson(input.inputJson, '--input-json'));
  // Problems in the document would show again as masked paths without a value; report them alone.
  if (document && document.problems.length > 0) throw usageError(document.problems, helpHint);
  const { plan, problems } = mergeLayers(flags, document?.layer);
  if (!interactive) problems.push(...promptsNeeded(plan).map(noTerminalProblem));
  if (problems.length > 0) throw usageError(problems, helpHint);
  return plan;
}

function promptsNeeded(plan: PatchPlan): MaskPath[] {
  return [...plan.fields].filter(([, change]) => change.kind === 'secret' && change.source.kind === 'prompt').map(([path]) => path);
}

function noTerminalProblem(path: MaskPath): string {
  const key = path.slice('secrets.'.length);
  return `--secret ${key}: there is no terminal to ask at (or prompts are turned off); use --secret ${key}=@PATH to read a file, or --secret ${key}=- to read stdin.`;
}

/** Files and stdin first, so that a missing file fails before anyone types a secret; then the prompts. */
async function readSecrets(plan: PatchPlan, sources: InputSources, context: Context): Promise<Map<MaskPath, Secret>> {
  const secrets = new Map<MaskPath, Secret>();
  for (const [path, change] of plan.fields) {
    if (change.kind === 'secret' && change.source.kind === 'file') secrets.set(path, new Secret(await sources.readSecret(change.source.path, change.from)));
  }
  const prompts = promptsNeeded(plan);
  if (prompts.length === 0) return secrets;
  const prompter = await context.prompter();
  for (const path of prompts) {
    const value = await prompter.password(`New value of ${path}:`, {
      validate: (text) => (text.trim() === '' ? 'Enter a value, or press Ctrl-C to cancel.' : true),
    });
    secrets.set(path, new Secret(value));
  }
  return secrets;
}

function secretMessages(plan: PatchPlan): string[] {
  const { set, cleared } = secretChanges(plan);
  const messages: string[] = [];
  if (set.length > 0) messages.push(`Updated secrets: ${set.join(', ')}.`);
  if (cleared.length > 0) messages.push(`Cleared secrets: ${cleared.join(', ')}.`);
  return messages;
}

/** ID, name, type, each metadata key (named by its mask path), created, updated. */
function destinationView(destination: Destination): RecordView {
  return {
    kind: 'record',
    fields: [
      ['ID', destination.id],
      ['Name', destination.name],
      ['Type', destination.type],
      ...metadataFields(destination.metadata ?? {}),
      ['Created', destination.createTime],
      ['Updated', destination.updateTime],
    ],
  };
}

function metadataFields(metadata: Record<string, unknown>): Array<[string, Cell]> {
  // The spec's keys in the spec's order, then any the server added.
  const keys = [...DESTINATION_METADATA_KEYS.filter((key) => Object.hasOwn(metadata, key)), ...Object.keys(metadata).filter((key) => !isMetadataKey(key))];
  return keys.flatMap((key): Array<[string, Cell]> => {
    const value = metadata[key];
    if (key === 'headers' && isNonEmptyObject(value)) return Object.entries(value).map(([name, text]) => [`metadata.headers.${name}`, cell(text)]);
    return [[`metadata.${key}`, cell(value)]];
  });
}

function cell(value: unknown): Cell {
  if (value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) return value as Cell;
  return JSON.stringify(value);
}

function isNonEmptyObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;
}

function fieldsHelp(): string {
  const integers = DESTINATION_METADATA_INTEGER_KEYS.join(' and ');
  return [
    '',
    'Fields (the paths of the update mask):',
    '  name',
    `  metadata.KEY   ${wrapList(DESTINATION_METADATA_KEYS, 17)}`,
    `                 (${integers} take non-negative integers; headers takes --header or metadata.headers:=JSON)`,
    `  secrets.KEY    ${wrapList(DESTINATION_SECRET_KEYS, 17)}`,
    '',
    'The mask is computed from the fields given, in the order above. With --update-mask, every field given',
    'must be in it, and every path in it must have a value or a --clear.',
    'With --input-json, a flag replaces what the document says about the same path, and its path joins the',
    "document's updateMask; null in the document clears a field, as --clear does.",
    "The headers given by --header replace all of the destination's headers: give every one it should keep.",
  ].join('\n');
}

/** A comma-separated list broken into lines under a hanging indent. */
function wrapList(words: readonly string[], indent: number, width = 104): string {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line === '' ? word : `${line}, ${word}`;
    if (indent + next.length > width && line !== '') {
      lines.push(`${line},`);
      line = word;
    } else {
      line = next;
    }
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

