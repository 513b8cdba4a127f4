import { installation } from '../../installation.js';
import { recordView } from '../../output/view.js';
import { version } from '../../version.js';
import { defineCommand } from '../../command-model/command.js';
import { outputFlag } from '../../command-model/common-flags.js';

export default defineCommand({
  flags: { ...outputFlag },
  help: {
    description:
      'Show the version of ipctl, how it was installed (the npm package, run by the Node.js on PATH, or the standalone executable, with Node.js inside), the Node.js version and the platform: what a bug report needs.',
    examples: ['ipctl version', 'ipctl version --json'],
    environment: ['NO_COLOR, FORCE_COLOR   color of the table on a terminal'],
    exitCodes: ['0 success', '2 invalid flags'],
  },
  async run() {
    const details = {
      version,
      installedAs: installation(),
      node: process.versions.node,
      v8: process.versions.v8,
      platform: process.platform,
      arch: process.arch,
    };
    return {
      data: details,
      view: recordView([
        ['ipctl', details.version],
        ['Installed as', details.installedAs],
        ['Node.js', details.node],
        ['V8', details.v8],
        ['Platform', `${details.platform}-${details.arch}`],
      ]),
    };
  },
});
