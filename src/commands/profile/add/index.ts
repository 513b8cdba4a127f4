import { profileNamePattern } from '../../../config/schema.js';
import { serviceUrlHint, serviceUrlProblem } from '../../../config/service-url.js';
import * as z from '../../../schema/zod.js';
import { argument, defineCommand, flag } from '../../../command-model/command.js';
import { forceFlag, recoverProfileFile } from '../../../command-model/force.js';
import { identifier, profileNames, projectRefs } from '../../../command-model/common-flags.js';
import { profileFileVariable, profileHelp } from '../../../command-model/profile-help.js';

const httpUrl = z.optional(
  z.pipe(
    z.string().check(z.superRefine((url, context) => {
      const problem = serviceUrlProblem(url);
      if (problem) context.addIssue({ code: 'custom', message: `${problem}. ${serviceUrlHint()}`, input: url });
    })),
    z.transform((url: string) => url.replace(/\/+$/, '')),
  ),
);

export default defineCommand({
  // An existing name changes that profile, so offer the names there are.
  args: {
    name: argument('<name>', 'profile name', z.string().check(z.regex(profileNamePattern, 'must start with a letter or digit, then letters, digits, ".", "_" or "-" (64 at most)')), {
      values: profileNames,
    }),
  },
  flags: {
    org: flag('--org <id>', 'default organization ID', z.optional(identifier)),
    project: flag('--project <idOrName>', 'default project ID or name', z.optional(identifier), { values: projectRefs }),
    ...forceFlag,
  },
  // The URLs to store are the global --base-url and --search-url.
  globals: { baseUrl: httpUrl, searchUrl: httpUrl },
  help: profileHelp(
    'Add a profile, or change the given values of an existing one. --base-url and --search-url set the stored URLs (the service\'s own end with /v1; a gateway\'s may not). The first profile added becomes the current one. Credentials are set with `ipctl auth login`, `auth set-key` or `auth set-token`, never on the command line.',
    [
      'ipctl profile add staging --base-url https://api.staging.example.com/v1 --search-url https://search.staging.example.com/v1',
      'ipctl profile add staging --org org_123 --project demo',
      'ipctl auth set-key --profile staging < key.txt',
    ],
    [profileFileVariable],
    ['0 success', '1 the profile file could not be written (a full disk, a quota, a file-size limit); it was left as it was', '2 invalid input, or an invalid profile file (see --force)', '5 the profile file stayed locked by another process'],
  ),
  async run(input, context) {
    await recoverProfileFile(context, input.force);
    const store = await context.store();
    const existed = store.profile(input.name) !== undefined;
    const { name, force: _force, ...values } = input;
    const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
    await store.updateProfile(name, changes);
    context.say(`${existed ? 'Updated' : 'Added'} profile "${name}" in ${store.path}.`);
  },
});
