import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ipctl } from '../helpers/in-process.js';
import { canaryApiKey, canaryToken, useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();

const wrongKey = 'sk_wrong_CANARY_d41d8cd98f00b204';
const wrongToken = 'tok_wrong_CANARY_e9800998ecf8427e';
const canaries = [canaryApiKey, canaryToken, wrongKey, wrongToken];

/** Every command, succeeding and failing, with --debug on. */
const runs: Array<{ args: string[]; env?: Record<string, string | undefined>; input?: string }> = [
  { args: ['orgs', 'get'] },
  { args: ['orgs', 'get', 'org_missing'] },
  { args: ['orgs', 'get', '-o', 'json'], env: { IPCTL_TOKEN: wrongToken } },
  { args: ['invites', 'list'] },
  { args: ['invites', 'list', '--status', 'pending', '--json'] },
  { args: ['invites', 'list'], env: { IPCTL_TOKEN: wrongToken } },
  { args: ['invites', 'list', '--status', 'nope'] },
  { args: ['providers', 'get', 'salesforce'] },
  { args: ['providers', 'get', 'missing-provider', '--json'] },
  { args: ['providers', 'get', 'salesforce'], env: { IPCTL_BASE_URL: 'http://127.0.0.1:9/v1' } },
  { args: ['auth', 'set-key'], input: `${canaryApiKey}\n` },
  { args: ['auth', 'set-token'], input: `${canaryToken}\n` },
  { args: ['auth', 'set-key'], input: `${wrongKey} ${wrongKey}\n` },
  { args: ['auth', 'status'] },
  { args: ['auth', 'status', '--json'] },
  { args: ['auth', 'login'] },
  { args: ['profile', 'add', 'other', '--org', 'org_demo'] },
  { args: ['profile', 'list'] },
  { args: ['profile', 'list', '--json'] },
  { args: ['profile', 'show'] },
  { args: ['profile', 'show', '--json'] },
  { args: ['profile', 'use', 'default'] },
  { args: ['profile', 'remove', 'ghost'] },
  // With the credentials only in the profile store, not the environment.
  { args: ['orgs', 'get'], env: { IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined } },
  { args: ['invites', 'list', '-o', 'json'], env: { IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined } },
];

describe('no credential appears in any output, with --debug', () => {
  it.each(runs.map((run) => [run.args.join(' '), run] as const))('ipctl %s --debug', async (_name, run) => {
    const result = await ipctl([...run.args, '--debug'], { env: fixture.env(run.env), input: run.input });
    expect(result.code).not.toBeNull();
    for (const canary of canaries) {
      expect(result.stdout).not.toContain(canary);
      expect(result.stderr).not.toContain(canary);
    }
  });

  it('traced the requests, with the credentials redacted', async () => {
    const result = await ipctl(['orgs', 'get', '--debug'], { env: fixture.env() });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`authorization: Bearer ****${canaryToken.slice(-4)}`);
    expect(result.stderr).toMatch(/debug: ← 200 OK in \d+ ms \(request req_\w+\)/);
  });

  it('stored the credentials only in the profile file', () => {
    const files = readdirSync(fixture.configDir);
    expect(files).toEqual(['config.json']);
    const stored = readFileSync(join(fixture.configDir, 'config.json'), 'utf8');
    expect(stored).toContain(canaryApiKey);
  });
});
