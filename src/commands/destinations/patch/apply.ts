import { Secret } from '../../../config/secret.js';
import type { Context } from '../../../context.js';
import type { MaskPath } from '../../../destinations/fields.js';
import { destinationView } from '../../../destinations/view.js';
import { layerFromDocument, layerFromFlags, mergeLayers, type PatchFlags, type PatchLayer, type PatchPlan, requestBody, secretChanges } from '../../../destinations/patch-plan.js';
import { InputSources } from '../../../input/sources.js';
import { dryRunOutcome } from '../../../output/dry-run.js';
import type { Outcome } from '../../../output/view.js';
import { usageError } from '../../../errors.js';
import type { PatchInput } from './input.js';
import { requireProject } from '../../../projects/project-ref.js';

/*
 * `destinations patch` when it runs: the plan from the flags and --input-json,
 * the secrets read, the request sent. Loaded only by that command.
 */

const helpHint = 'See: ipctl destinations patch --help';

export async function applyPatch(input: PatchInput, context: Context): Promise<Outcome> {
  const settings = await context.settings({ project: input.project });
  const project = requireProject(settings);
  const sources = new InputSources(context.deps);
  const plan = await planPatch(input, layerFromFlags(input).layer, sources, context.interactive);
  const api = await context.api(settings);
  const { operations } = await import('../../../api/operations.js');
  const path = { projectIdOrName: project, destination: input.destination };
  // Fails on a missing credential (exit 4) before anyone is asked to type a secret.
  api.prepare(operations.updateDestination, { path });
  const params = { path, body: requestBody(plan, await readSecrets(plan, sources, context)) };
  if (input.dryRun) return dryRunOutcome(api.prepare(operations.updateDestination, params));
  const destination = await api.call(operations.updateDestination, params);
  return { data: destination, view: destinationView(destination), messages: secretMessages(plan) };
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


