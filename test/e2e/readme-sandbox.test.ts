// The README's "start the sandbox in the background" snippet, run verbatim in
// bash: after it, every command it shows works, search and API-key commands
// included, with nothing but what the sandbox printed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../helpers/cli.js';
import { readmeBashBlock } from '../helpers/readme.js';
import { shellHome } from '../helpers/shells.js';

let home: ReturnType<typeof shellHome>;

beforeAll(() => {
  home = shellHome();
});
afterAll(() => home.remove());

describe("the README's background sandbox snippet", () => {
  it('runs as printed, and every command in it works', async () => {
    const snippet = readmeBashBlock('In scripts, start it in the background');
    expect(snippet).toContain('ipctl sandbox --port 0 --env > sandbox.env &');
    // Each command's exit code, then the sandbox is stopped.
    const commands = snippet.split('\n').filter((line) => line.startsWith('ipctl ') && !line.startsWith('ipctl sandbox'));
    expect(commands.length).toBeGreaterThanOrEqual(3);
    const script = [
      'set -u',
      ...snippet.split('\n').filter((line) => !commands.includes(line)),
      ...commands.map((command) => `${command} > /dev/null; echo "exit $? for ${command.split(' ').slice(0, 3).join(' ')}"`),
      'kill %1; wait',
    ].join('\n');
    const result = await runProcess('bash', ['-c', script], { env: home.env, cwd: home.path, timeoutMs: 60_000 });
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n').filter(Boolean)).toEqual(commands.map((command) => `exit 0 for ${command.split(' ').slice(0, 3).join(' ')}`));
    const sourced = readFileSync(join(home.path, 'sandbox.env'), 'utf8');
    expect(sourced).toMatch(/^export IPCTL_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/v1 IPCTL_SEARCH_URL=http:\/\/127\.0\.0\.1:\d+\/search\/v1 IPCTL_API_KEY=\S+ IPCTL_TOKEN=\S+ IPCTL_ORG=org_demo IPCTL_PROJECT=proj_demo\n$/);
  });
});
