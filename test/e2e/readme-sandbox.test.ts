// docs/sandbox.md's "start the sandbox in the background, for scripts that want
// no profile" snippet, run verbatim in bash: after it, every command it shows
// works, search and API-key commands included, with nothing but what the sandbox
// printed; its last line stops the sandbox.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../helpers/cli.js';
import { docBashBlock } from '../helpers/readme.js';
import { shellHome } from '../helpers/shells.js';

let home: ReturnType<typeof shellHome>;

beforeAll(() => {
  home = shellHome();
});
afterAll(() => home.remove());

/** Whether a process is running. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("docs/sandbox.md's background sandbox snippet", () => {
  it('runs as printed, every command in it works, and it stops the sandbox', async () => {
    const snippet = docBashBlock('docs/sandbox.md', 'In scripts that want no profile');
    expect(snippet).toContain('ipctl sandbox --port 0 --background --env > sandbox.env\n');
    // Each command's exit code; the other lines (set -e, the sandbox, sourcing, kill) as printed.
    const commands = snippet.split('\n').filter((line) => line.startsWith('ipctl ') && !line.startsWith('ipctl sandbox'));
    expect(commands.length).toBeGreaterThanOrEqual(3);
    const script = snippet
      .split('\n')
      .map((line) => (commands.includes(line) ? `${line} > /dev/null; echo "exit $? for ${line.split(' ').slice(0, 3).join(' ')}"` : line))
      .join('\n');
    const result = await runProcess('bash', ['-c', script], { env: home.env, cwd: home.path, timeoutMs: 60_000 });
    const sourced = readFileSync(join(home.path, 'sandbox.env'), 'utf8');
    const pid = Number(/IPCTL_SANDBOX_PID=(\d+)/.exec(sourced)?.[1]);
    try {
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout.split('\n').filter(Boolean)).toEqual(commands.map((command) => `exit 0 for ${command.split(' ').slice(0, 3).join(' ')}`));
      expect(sourced).toMatch(
        /^export IPCTL_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/v1 IPCTL_SEARCH_URL=http:\/\/127\.0\.0\.1:\d+\/search\/v1 IPCTL_API_KEY=\S+ IPCTL_TOKEN=\S+ IPCTL_ORG=org_demo IPCTL_PROJECT=proj_demo IPCTL_SANDBOX_PID=\d+\n$/,
      );
      // The snippet's `kill` stopped it.
      for (let waited = 0; running(pid) && waited < 50; waited += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(running(pid)).toBe(false);
    } finally {
      if (pid > 0 && running(pid)) process.kill(pid, 'SIGTERM');
    }
  });

  it('gives up with a message and exit 1 when the sandbox cannot listen, and the script stops there', async () => {
    const snippet = docBashBlock('docs/sandbox.md', 'In scripts that want no profile');
    // A port that is taken: the sandbox of the first line holds it.
    const taken = await runProcess('bash', ['-c', 'ipctl sandbox --port 0 --background --json'], { env: home.env, cwd: home.path, timeoutMs: 30_000 });
    const first = JSON.parse(taken.stdout) as { baseUrl: string; pid: number };
    try {
      const port = new URL(first.baseUrl).port;
      const result = await runProcess('bash', ['-c', snippet.replace('--port 0', `--port ${port}`)], { env: home.env, cwd: home.path, timeoutMs: 60_000 });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`The sandbox did not start: Port ${port} on 127.0.0.1 is in use.`);
    } finally {
      process.kill(first.pid, 'SIGTERM');
    }
  });
});
