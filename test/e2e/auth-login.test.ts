import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runIpctl } from '../helpers/cli.js';
import { keys, PtySession } from '../helpers/pty.js';
import { useFreshDir } from '../helpers/workspace.js';

const canaryKey = 'sk_login_CANARY_KEY_0123456789abcd';
const canaryToken = 'tok_login_CANARY_TOKEN_9876543210wxyz';
const config = useFreshDir();

describe('auth login in a terminal', () => {
  it('asks for both credentials without echoing them and stores them in the profile', async () => {
    const session = new PtySession(['auth', 'login', '--profile', 'work'], { IPCTL_CONFIG_DIR: config.path });
    await session.expect('API key');
    session.send(`${canaryKey}${keys.enter}`);
    await session.expect('Bearer token');
    session.send(`${canaryToken}${keys.enter}`);
    expect(await session.finish()).toBe(0);
    expect(session.screen).toContain('Stored the API key and bearer token of profile "work" in the profile file.');
    expect(session.screen).not.toContain(canaryKey);
    expect(session.screen).not.toContain(canaryToken);
    const file = join(config.path, 'config.json');
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored.profiles.work).toEqual({ apiKey: canaryKey, token: canaryToken });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('exits 130 on Ctrl-C and changes nothing', async () => {
    const session = new PtySession(['auth', 'login'], { IPCTL_CONFIG_DIR: config.path });
    await session.expect('API key');
    session.send(keys.ctrlC);
    expect(await session.finish()).toBe(130);
    const status = await runIpctl(['profile', 'list', '--json'], { env: { IPCTL_CONFIG_DIR: config.path } });
    expect(JSON.parse(status.stdout)).toEqual([]);
  });

  it('refuses without a terminal, naming the commands for scripts (exit 2)', async () => {
    const result = await runIpctl(['auth', 'login'], { env: { IPCTL_CONFIG_DIR: config.path } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ipctl auth set-key');
  });

  it('refuses with --no-input even in a terminal', async () => {
    const session = new PtySession(['auth', 'login', '--no-input'], { IPCTL_CONFIG_DIR: config.path });
    expect(await session.finish()).toBe(2);
    expect(session.screen).toContain('needs a terminal');
  });
});
