import { recordView } from '../output/view.js';
import { version } from '../version.js';
import { defineCommand } from './command.js';
import { outputFlag } from './input.js';

export default defineCommand({
  flags: { ...outputFlag },
  help: {
    description: 'Show the version of ipctl, with the Node.js version and platform: what a bug report needs.',
    examples: ['ipctl version', 'ipctl version --json'],
    environment: ['NO_COLOR, FORCE_COLOR   color of the table on a terminal'],
    exitCodes: ['0 success', '2 invalid flags'],
  },
  async run() {
    const details = {
      version,
      node: process.versions.node,
      v8: process.versions.v8,
      platform: process.platform,
      arch: process.arch,
    };
    return {
      data: details,
      view: recordView([
        ['ipctl', details.version],
        ['Node.js', details.node],
        ['V8', details.v8],
        ['Platform', `${details.platform}-${details.arch}`],
      ]),
    };
  },
});
