import { DESTINATION_METADATA_INTEGER_KEYS, DESTINATION_METADATA_KEYS, DESTINATION_SECRET_KEYS, UPDATE_MASK_PATHS } from '../../../destinations/fields.js';
import * as z from '../../../schema/zod.js';
import { argument, defineCommand, flag, type InputOf } from '../../../command-model/command.js';
import { destinationRefs, filePaths, identifier, outputFlag, partialChoices } from '../../../command-model/flags.js';
import { projectFlag } from '../../../command-model/project-flag.js';

const repeatable = z.optional(z.array(z.string()));

const patchArgs = { destination: argument('<destination>', 'destination ID, such as dest_webhook', identifier, { values: destinationRefs }) };

const patchFlags = {
    ...projectFlag,
    name: flag('--name <name>', 'a new name', z.optional(z.string())),
    set: flag('--set <metadata.KEY=VALUE>', 'set a metadata key (repeatable); metadata.KEY:=JSON takes a JSON value', repeatable, {
      repeatable: true,
      values: partialChoices(DESTINATION_METADATA_KEYS.map((key) => `metadata.${key}=`)),
    }),
    header: flag('--header <NAME=VALUE>', "a header the destination should have (repeatable), given with --replace-headers: together they replace all of its headers (see Headers below)", repeatable, { repeatable: true }),
    replaceHeaders: flag('--replace-headers', "needed with --header: confirms that the headers given replace all of the destination's headers", z.optional(z.boolean())),
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
};

export type PatchInput = InputOf<typeof patchArgs, typeof patchFlags, {}>;

export default defineCommand({
  args: patchArgs,
  flags: patchFlags,
  async check(input) {
    const { layerFromFlags, mergeLayers } = await import('../../../destinations/patch-plan.js');
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
      'ipctl destinations patch dest_webhook --project demo --replace-headers --header X-Source=ipctl --header "X-Environment: staging"',
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
      '5 temporary failure (network, timeout, 408, 429, 5xx)',
      '130 interrupted at a prompt, nothing sent',
    ],
  },
  run: async (input, context) => (await import('./apply.js')).applyPatch(input, context),
});

function fieldsHelp(): string {
  const integers = DESTINATION_METADATA_INTEGER_KEYS.join(' and ');
  return [
    '',
    'Fields (the paths of the update mask):',
    '  name',
    `  metadata.KEY   ${DESTINATION_METADATA_KEYS.join(', ')} (${integers} take non-negative integers; headers takes --replace-headers --header or metadata.headers:=JSON)`,
    `  secrets.KEY    ${DESTINATION_SECRET_KEYS.join(', ')}`,
    '',
    'The mask is computed from the fields given, in the order above. With --update-mask, every field given must be in it, and every path in it must have a value or a --clear.',
    "With --input-json, a flag replaces what the document says about the same path, and its path joins the document's updateMask; null in the document clears a field, as --clear does.",
    '',
    'Headers:',
    "  The API sets a destination's headers all at once and cannot read the current ones, so headers are given together: every header the destination should keep, each with --header NAME=VALUE, and --replace-headers to confirm that they replace the others. To set one header on a destination that has none:",
    '    $ ipctl destinations patch dest_webhook --project demo --replace-headers --header X-Source=ipctl',
    '  A header that carries a credential (Authorization, Cookie, or a name with token, secret, password, key or auth in it) never comes from the command line: give every header in metadata.headers of a file, with --input-json FILE (or - for stdin):',
    '    $ ipctl destinations patch dest_webhook --project demo --input-json headers.json',
    '  where headers.json holds {"destination": {"metadata": {"headers": {"Authorization": "Bearer …", "X-Source": "ipctl"}}}}.',
  ].join('\n');
}
