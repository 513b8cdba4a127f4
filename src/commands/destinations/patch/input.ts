import { DESTINATION_METADATA_KEYS, DESTINATION_SECRET_KEYS, UPDATE_MASK_PATHS } from '../../../destinations/fields.js';
import * as z from '../../../schema/zod.js';
import { argument, flag, type InputOf } from '../../../command-model/command.js';
import { destinationRefs, filePaths, identifier, outputFlag, partialChoices } from '../../../command-model/common-flags.js';
import { projectFlag } from '../../../command-model/project-flag.js';

const repeatable = z.optional(z.array(z.string()));

export const patchArgs = { destination: argument('<destination>', 'destination ID, such as dest_webhook', identifier, { values: destinationRefs }) };

export const patchFlags = {
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
