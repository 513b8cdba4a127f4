// README, Profiles and credentials: IPCTL_API_KEY and IPCTL_TOKEN are used before
// anything stored, and `auth logout` does not touch them. It says which of them
// still apply, whether or not it removed anything, and never shows their values.
import { describe, expect, it } from 'vitest';
import { runMain } from '../../../../test/helpers/in-process.js';
import { canaryApiKey, canaryToken, useFixture } from '../../../../test/helpers/sandbox.js';

const fixture = useFixture();

describe('auth logout with credentials in the environment', () => {
  it.each<[Record<string, string | undefined>, string[]]>([
    [{ IPCTL_API_KEY: canaryApiKey, IPCTL_TOKEN: canaryToken }, ['IPCTL_API_KEY', 'IPCTL_TOKEN']],
    [{ IPCTL_API_KEY: canaryApiKey, IPCTL_TOKEN: undefined }, ['IPCTL_API_KEY']],
    [{ IPCTL_API_KEY: undefined, IPCTL_TOKEN: canaryToken }, ['IPCTL_TOKEN']],
    [{ IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined }, []],
  ])('%o: names %o as still in effect', async (credentials, named) => {
    const env = fixture.env({ ...credentials, NO_COLOR: '1' });
    // A stored key first, so that there is something to remove as well.
    const stored = await runMain(['auth', 'set-key', '--insecure-storage', '--no-verify'], { env, stdin: 'sk_stored_CANARY_0123456789abcdef\n' });
    expect(stored.code, stored.stderr).toBe(0);
    const result = await runMain(['auth', 'logout', '--yes'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Removed the credentials of profile "default".');
    for (const variable of ['IPCTL_API_KEY', 'IPCTL_TOKEN']) {
      const line = `${variable} is set in the environment and still applies`;
      if (named.includes(variable)) expect(result.stderr).toContain(line);
      else expect(result.stderr).not.toContain(line);
    }
    for (const secret of [canaryApiKey, canaryToken, 'sk_stored_CANARY_0123456789abcdef']) expect(result.stdout + result.stderr).not.toContain(secret);
  });
});
