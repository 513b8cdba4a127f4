import { DESTINATION_METADATA_INTEGER_KEYS, DESTINATION_METADATA_KEYS, DESTINATION_SECRET_KEYS } from '../../../destinations/fields.js';
import { defineCommand } from '../../../command-model/command.js';
import { patchArgs, patchFlags } from './input.js';

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
