// docs/ci.md's CI example, the shell version, run as it is printed there
// against the sandbox: only its base URL is pointed at the sandbox.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../helpers/cli.js';
import { docBashBlock } from '../helpers/readme.js';
import { useFixture } from '../helpers/sandbox.js';
import { shellHome } from '../helpers/shells.js';

const fixture = useFixture();
let home: ReturnType<typeof shellHome>;

beforeAll(() => {
  home = shellHome();
});
afterAll(() => {
  home.remove();
});

describe("docs/ci.md's CI example (shell version)", () => {
  it('creates the connection and points the webhook at the customer, against the sandbox', async () => {
    const script = docBashBlock('docs/ci.md', 'The same steps as a plain shell script');
    expect(script).toContain('IPCTL_BASE_URL=https://api.example.com/v1');
    const path = join(home.path, 'onboard.sh');
    writeFileSync(path, script.replace('https://api.example.com/v1', fixture.sandbox.baseUrl));
    const env = fixture.env({ ...home.env, PIPEDRIVE_API_KEY: 'pd_readme_key_1234567890', WEBHOOK_PASSWORD: 'webhook_readme_pw_0987' });
    const result = await runProcess('bash', [path], { env, timeoutMs: 60_000 });
    // The one notice: which secrets the patch set.
    expect(result.stderr).toBe('Updated secrets: password.\n');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^id: dest_webhook\nurl: https:\/\/hooks\.acme\.example\.com\/ipctl\nConnection conn_\w+ is ready; the webhook points at Acme\.\n$/);
    const destination = fixture.sandbox.state.projects.proj_demo!.destinations.find((stored) => stored.destination.id === 'dest_webhook')!;
    expect(destination.destination.metadata.url).toBe('https://hooks.acme.example.com/ipctl');
    expect(destination.secretNames).toContain('password');
    for (const secret of ['pd_readme_key_1234567890', 'webhook_readme_pw_0987']) expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
  });
});
