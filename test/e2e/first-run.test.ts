// README, "Trying it against the sandbox": until a base URL is configured, ipctl
// talks to http://127.0.0.1:4510/v1. With nothing configured and nothing there,
// the first run says how to start (`ipctl sandbox`, `ipctl profile add`), after
// one attempt (exit 5, README's exit codes), and a missing credential names the same.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runMain, testClock } from '../helpers/in-process.js';

/** The README's default address. */
const defaultPort = 4510;

/** Whether nothing listens on 127.0.0.1:4510 now (we can bind it, then let it go). */
async function defaultPortFree(): Promise<boolean> {
  const server = createServer();
  const free = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(defaultPort, '127.0.0.1', () => resolve(true));
  });
  if (free) await new Promise((resolve) => server.close(resolve));
  return free;
}

let home: ReturnType<typeof tempDir>;
let portFree = false;
beforeEach(async () => {
  home = tempDir();
  portFree = await defaultPortFree();
  // Another program holds the port: the refused connection cannot be made here, so say why and skip.
  if (!portFree) console.warn(`skipped: 127.0.0.1:${defaultPort} is in use by another program, so a refused first run cannot be made`);
});
afterEach(() => home.remove());

/** A fresh machine: a HOME and XDG_CONFIG_HOME with nothing in them, and none of ipctl's variables. */
const freshEnv = (extra: Record<string, string> = {}) => ({ HOME: home.path, XDG_CONFIG_HOME: join(home.path, '.config'), PATH: process.env.PATH, ...extra });

describe('the first run', () => {
  it('nothing configured, nothing listening: exit 5 within 2 s after one attempt, naming ipctl sandbox and ipctl profile add', async (context) => {
    if (!portFree) return context.skip();
    // Loads (and, under vitest, compiles) the modules the run needs, so that the time below is the run's own.
    await runMain(['providers', 'get', 'salesforce', '--retries', '0'], { env: freshEnv({ IPCTL_BASE_URL: 'http://127.0.0.1:4510/v1' }) });
    const clock = testClock();
    const started = Date.now();
    const result = await runMain(['providers', 'get', 'salesforce'], { env: freshEnv(), clock });
    const elapsed = Date.now() - started;
    expect(result.code).toBe(5);
    expect(elapsed).toBeLessThan(2000);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('`ipctl sandbox`');
    expect(result.stderr).toContain('`ipctl profile add NAME --base-url URL`');
    expect(result.stderr).toContain('http://127.0.0.1:4510/v1');
    // One attempt: no wait before a retry, and no "Gave up after" note.
    expect(clock.waits).toEqual([]);
    expect(result.stderr).not.toContain('attempts');
  });

  it('a base URL set to the same address is configured: an ordinary network failure, retried', async (context) => {
    if (!portFree) return context.skip();
    const clock = testClock();
    const result = await runMain(['providers', 'get', 'salesforce'], { env: freshEnv({ IPCTL_BASE_URL: 'http://127.0.0.1:4510/v1' }), clock });
    expect(result.code).toBe(5);
    expect(result.stderr).not.toContain('ipctl sandbox');
    // README, Reliability: 3 retries by default.
    expect(clock.waits).toHaveLength(3);
  });

  it('a missing credential with nothing configured names ipctl sandbox and ipctl profile add (exit 4, nothing sent)', async () => {
    const result = await runMain(['orgs', 'get', 'org_demo'], { env: freshEnv() });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('`ipctl auth set-token`');
    expect(result.stderr).toContain('`ipctl sandbox`');
    expect(result.stderr).toContain('`ipctl profile add NAME --base-url URL`');
  });

  it('a missing credential with a base URL configured does not', async () => {
    const result = await runMain(['orgs', 'get', 'org_demo'], { env: freshEnv({ IPCTL_BASE_URL: 'http://127.0.0.1:4510/v1' }) });
    expect(result.code).toBe(4);
    expect(result.stderr).not.toContain('ipctl sandbox');
  });

  it('under a chosen profile with no base URL, the first-run hint names that profile', async (context) => {
    if (!portFree) return context.skip();
    const dir = join(home.path, '.config', 'ipctl');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ current: 'a', profiles: { a: {}, b: { org: 'org_demo' } } }), { mode: 0o600 });
    const result = await runMain(['providers', 'get', 'salesforce', '--profile', 'b'], { env: freshEnv(), clock: testClock() });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('`ipctl profile add b --base-url URL`');
  });
});
