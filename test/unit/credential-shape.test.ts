// A credential with whitespace around it or a control character anywhere is
// refused before anything is sent (exit 2), naming where it came from and never
// showing it; a URL setting with a space or a control character in it is refused
// the same way. Properties over every source a command reads them from (the
// environment and the profile file), both credentials, and generated defects.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { canaryApiKey, canaryToken, useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ipctl-credential-shape-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const seed = process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? 39_405);
const control = fc.integer({ min: 0, max: 0x9f }).filter((code) => code < 0x20 || code >= 0x7f).map((code) => String.fromCharCode(code));
const whitespace = fc.constantFrom(' ', '\t', '\n', '\r\n', '\u00a0', '\u2003');
/** A credential spoiled the ways a copy and paste spoils one. */
const spoiled = (good: string) =>
  fc.oneof(
    whitespace.map((space) => `${space}${good}`),
    whitespace.map((space) => `${good}${space}`),
    fc.tuple(control, fc.integer({ min: 0, max: good.length })).map(([character, at]) => `${good.slice(0, at)}${character}${good.slice(at)}`),
  );

const commands = [
  { args: ['projects', 'list'], uses: 'apiKey' },
  { args: ['orgs', 'get', 'org_demo'], uses: 'token' },
] as const;

describe('a spoiled credential is refused before anything is sent', () => {
  it('from the environment or the profile file, for either credential: exit 2, naming where it came from, never showing it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...commands), fc.constantFrom('environment', 'profile'), fc.constantFrom(canaryApiKey, canaryToken).chain((good) => spoiled(good).map((bad) => ({ good, bad }))), async (command, source, { good, bad }) => {
        const kind = good === canaryApiKey ? 'apiKey' : 'token';
        const variable = kind === 'apiKey' ? 'IPCTL_API_KEY' : 'IPCTL_TOKEN';
        const config = join(dir, `config-${Math.random().toString(36).slice(2)}`);
        const env: Record<string, string | undefined> = fixture.env({ IPCTL_CONFIG_DIR: config, [variable]: source === 'environment' ? bad : undefined });
        if (source === 'profile') {
          const { mkdirSync } = await import('node:fs');
          mkdirSync(config, { recursive: true, mode: 0o700 });
          writeFileSync(join(config, 'config.json'), JSON.stringify({ current: 'spoiled', profiles: { spoiled: { [kind]: bad } } }), { mode: 0o600 });
        }
        await fixture.clearRequests();
        const result = await runMain([...command.args], { env });
        // Only the credential the command sends must be spoiled for it to be refused; either one spoiled is refused.
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toContain(source === 'environment' ? variable : 'profile "spoiled"');
        expect(result.stderr).toContain(kind === 'apiKey' ? 'API key' : 'bearer token');
        expect(result.stderr).not.toContain(good);
        expect(result.stdout).toBe('');
        expect(await fixture.requests()).toEqual([]);
      }),
      { numRuns: 40, seed },
    );
  });

  it('a URL setting with a space or a control character in it is exit 2, nothing sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(whitespace, control), fc.constantFrom('start', 'end', 'inside'), fc.constantFrom('IPCTL_BASE_URL', '--base-url'), async (bad, where, how) => {
        const url = fixture.sandbox.baseUrl;
        const spoiledUrl = where === 'start' ? `${bad}${url}` : where === 'end' ? `${url}${bad}` : url.replace('/v1', `/v${bad}1`);
        await fixture.clearRequests();
        const result = await runMain(how === '--base-url' ? ['--base-url', spoiledUrl, 'providers', 'list'] : ['providers', 'list'], { env: fixture.env(how === '--base-url' ? {} : { IPCTL_BASE_URL: spoiledUrl }) });
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toContain(how);
        expect(await fixture.requests()).toEqual([]);
      }),
      { numRuns: 30, seed },
    );
  });
});
