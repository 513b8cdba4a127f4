// Every command and flag combination that handles a secret, succeeding and
// failing, with and without --debug: no canary may appear in stdout, stderr
// (which carries the --debug trace), or any file but the 0600 profile store.
// Every run goes in-process (main() with test streams), with and without
// --debug; with --debug, the runs that store, read or send a secret of their
// own (and one run of each API command) also go through the built CLI, in its
// own HOME, TMPDIR and working folder, whose files are checked at the end.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, runIpctl, tempDir } from '../helpers/cli.js';
import { apiCommands, commandSecrets, prepareRun } from '../helpers/commands.js';
import { runMain, testClock } from '../helpers/in-process.js';
import { answerLogin, PtySession } from '../helpers/pty.js';
import { canaryApiKey, canaryToken, useFixture } from '../helpers/sandbox.js';

const wrongKey = 'sk_wrong_CANARY_d41d8cd98f00b204e980';
const wrongToken = 'tok_wrong_CANARY_e9800998ecf8427e55';
const argvSecret = 'sk_argv_CANARY_0cc175b9c0f1b6a831c3';
const proxyPassword = 'proxy_pw_CANARY_92eb5ffee6ae2fec3ad7';
const fileSecret = 'sk_corrupt_CANARY_4a8a08f09d37b73795';
const promptKey = 'sk_prompt_CANARY_8277e0910d750195b448';
const promptToken = 'tok_prompt_CANARY_e4da3b7fbbce2345d777';
const stdinSecret = 'stdin_CANARY_SECRET_a87ff679a2f3e71d9181';
const envSecret = 'env_CANARY_SECRET_1679091c5a880faf6fb5';
const canaries = [canaryApiKey, canaryToken, wrongKey, wrongToken, argvSecret, proxyPassword, fileSecret, promptKey, promptToken, stdinSecret, envSecret, ...Object.values(commandSecrets)];

const fixture = useFixture();
// HOME, TMPDIR and the working folder of every run; the files the runs read live apart.
const home = tempDir('ipctl-home-');
const scratch = tempDir('ipctl-tmp-');
const work = tempDir('ipctl-cwd-');
const inputs = tempDir('ipctl-inputs-');

afterAll(() => {
  for (const dir of [home, scratch, work, inputs]) dir.remove();
});

interface Run {
  name: string;
  args: string[];
  env?: Record<string, string | undefined>;
  input?: string;
  /** Runs first, once per variant. */
  before?: () => Promise<void> | void;
  /** With --debug, the built CLI runs it too, so that the files it leaves are checked. */
  spawned?: true;
}

const fromProfileOnly = { IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined };
const corruptStore = () => writeFileSync(join(fixture.configDir, 'config.json'), `{"profiles": {"default": {"apiKey": ${fileSecret}}}}`, { mode: 0o600 });

const runs: Run[] = [
  // Storing credentials: from stdin, valid and not.
  { name: 'auth set-key from stdin', args: ['auth', 'set-key'], input: `${canaryApiKey}\n`, spawned: true },
  { name: 'auth set-token from stdin', args: ['auth', 'set-token'], input: `${canaryToken}\n`, spawned: true },
  { name: 'auth set-key, two values on stdin', args: ['auth', 'set-key', '--profile', 'spare'], input: `${wrongKey} ${wrongKey}\n` },
  { name: 'auth set-token, two lines on stdin', args: ['auth', 'set-token', '--profile', 'spare'], input: `${wrongToken}\n${wrongToken}\n` },
  { name: 'auth set-key, too long', args: ['auth', 'set-key', '--profile', 'spare'], input: `${wrongKey}${'x'.repeat(9000)}\n` },
  { name: 'auth login without a terminal', args: ['auth', 'login'], spawned: true },
  // Every API command: succeeding, refused, failing on the way, with credentials from the environment or the profile.
  ...apiCommands.flatMap((row): Run[] => [
    { name: `${row.name}`, args: prepareRun(row, inputs.path), env: row.env, input: row.input, spawned: true },
    { name: `${row.name}, credentials from the profile only`, args: prepareRun(row, inputs.path), env: { ...row.env, ...fromProfileOnly }, input: row.input },
    { name: `${row.name}, rejected credentials`, args: prepareRun(row, inputs.path), env: { ...row.env, IPCTL_API_KEY: wrongKey, IPCTL_TOKEN: wrongToken }, input: row.input },
    {
      name: `${row.name}, 503 until it gives up`,
      args: [...prepareRun(row, inputs.path), '--retries', '1'],
      env: row.env,
      input: row.input,
      before: () => fixture.addFaults({ [row.operation]: [{ kind: 'status', status: 503, retryable: true, times: 2 }] }),
    },
    { name: `${row.name}, server unreachable`, args: [...prepareRun(row, inputs.path), '--retries', '1'], env: { ...row.env, IPCTL_BASE_URL: 'http://127.0.0.1:9/v1', IPCTL_SEARCH_URL: 'http://127.0.0.1:9/v1' }, input: row.input },
    { name: `${row.name}, through an unreachable proxy with a password`, args: [...prepareRun(row, inputs.path), '--retries', '0'], env: { ...row.env, HTTP_PROXY: `http://user:${proxyPassword}@127.0.0.1:9` }, input: row.input },
  ]),
  // The secrets of a connection to create and of a destination, from stdin, the environment, or argv (refused).
  ...connectionRuns(),
  { name: 'destinations patch, a secret from stdin', args: ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', 'awsSecretKey=-'], input: `${stdinSecret}\n`, spawned: true },
  { name: 'destinations patch --dry-run', args: ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', 'awsSecretKey=-', '--dry-run', '-o', 'json'], input: `${stdinSecret}\n` },
  { name: 'destinations patch, a secret on argv', args: ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', `awsSecretKey=${argvSecret}`] },
  { name: 'destinations patch, a secret through --set', args: ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--set', `secrets.password=${argvSecret}`] },
  // Showing what is stored.
  { name: 'auth status', args: ['auth', 'status'] },
  { name: 'auth status --json, profile only', args: ['auth', 'status', '--json'], env: fromProfileOnly },
  { name: 'profile list', args: ['profile', 'list'] },
  { name: 'profile show --json', args: ['profile', 'show', '--json'] },
  { name: 'profile add', args: ['profile', 'add', 'other', '--org', 'org_demo'], spawned: true },
  // Secrets on argv are refused without being repeated.
  { name: 'orgs get --api-key=…', args: ['orgs', 'get', `--api-key=${argvSecret}`] },
  { name: 'orgs get --token …', args: ['orgs', 'get', '--token', argvSecret] },
  { name: 'auth set-key --password …', args: ['auth', 'set-key', '--password', argvSecret], input: `${canaryApiKey}\n` },
  { name: 'profile add --secret=…', args: ['profile', 'add', 'x', `--secret=${argvSecret}`] },
  { name: 'an unknown --tokn=…', args: ['orgs', 'get', `--tokn=${argvSecret}`] },
  { name: 'a secret as an argument', args: ['auth', 'set-key', argvSecret], input: `${canaryApiKey}\n` },
  // A corrupt profile file holding a secret: reported without quoting it, then replaced with --force.
  { name: 'profile list on a corrupt file', args: ['profile', 'list'], before: corruptStore, spawned: true },
  { name: 'orgs get on a corrupt file', args: ['orgs', 'get'], env: fromProfileOnly, before: corruptStore, spawned: true },
  { name: 'auth set-key --force over a corrupt file', args: ['auth', 'set-key', '--force'], input: `${canaryApiKey}\n`, before: corruptStore, spawned: true },
  { name: 'auth set-token after --force', args: ['auth', 'set-token'], input: `${canaryToken}\n`, spawned: true },
];

/** Any ten characters in a row of a canary: a part of a secret leaks it too (redaction shows four). */
const fragments = canaries.flatMap((canary) => Array.from({ length: canary.length - 9 }, (_, start) => canary.slice(start, start + 10)));

function connectionRuns(): Run[] {
  const pipedrive = ['connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', '--group-ref', 'acme-corp', '--consumer-ref', 'u-42', '--workspace', 'acme'];
  const zendesk = ['connections', 'generate', '--project', 'demo', '--provider', 'zendesk', '--group-ref', 'acme-corp', '--consumer-ref', 'u-42', '--workspace', 'acme', '--username', 'agent@acme.test'];
  return [
    { name: 'connections generate, API key from stdin', args: [...pipedrive, '--api-key-file', '-'], input: `${stdinSecret}\n`, spawned: true },
    { name: 'connections generate, API key from the environment', args: pipedrive, env: { IPCTL_CONNECTION_API_KEY: envSecret } },
    { name: 'connections generate --dry-run', args: [...pipedrive, '--api-key-file', '-', '--dry-run', '-o', 'json'], input: `${stdinSecret}\n` },
    { name: 'connections generate, password from stdin', args: [...zendesk, '--password-file', '-'], input: `${stdinSecret}\n`, spawned: true },
    { name: 'connections generate, password from the environment, rejected key', args: zendesk, env: { IPCTL_CONNECTION_PASSWORD: envSecret, IPCTL_API_KEY: wrongKey } },
    { name: 'connections generate, an API key on argv', args: [...pipedrive, '--api-key', argvSecret] },
    { name: 'connections generate, a custom password on argv', args: ['connections', 'generate', '--project', 'demo', '--provider', 'snowflake', '--group-ref', 'acme-corp', '--consumer-ref', 'u-42', '--custom', `password=${argvSecret}`] },
  ];
}

function expectNoCanary(text: string, where: string): void {
  const leaked = fragments.find((fragment) => text.includes(fragment));
  expect(leaked, `a canary fragment in ${where}:\n${text}`).toBeUndefined();
}

describe('secrets stay out of every output', () => {
  it.each(runs.flatMap((run) => [[`ipctl ${run.name}`, run, false] as const, [`ipctl ${run.name} --debug`, run, true] as const]))('%s', async (_name, run, debug) => {
    await run.before?.();
    const env = fixture.env({ HOME: home.path, TMPDIR: scratch.path, IPCTL_RETRY_BACKOFF: '0.02', ...run.env });
    const args = debug ? [...run.args, '--debug'] : run.args;
    const result = debug && run.spawned ? await runIpctl(args, { env, input: run.input, cwd: work.path }) : await runMain(args, { env: cleanEnv(env), stdin: run.input, clock: testClock(), timeoutMs: 20_000 });
    expect(result.code).not.toBeNull();
    expectNoCanary(result.stdout, 'stdout');
    expectNoCanary(result.stderr, 'stderr');
    // A trace only under --debug, and always for a read command that succeeded.
    const traced = result.stderr.includes('debug: →');
    expect(debug || !traced).toBe(true);
    expect(traced || !(debug && /^(orgs|invites|providers)/.test(run.args[0] ?? '') && result.code === 0)).toBe(true);
  });

  it.each([[[]], [['--debug']]])('auth login %j at no-echo prompts', async (extra) => {
    const session = new PtySession(['auth', 'login', '--profile', 'prompted', ...extra], { IPCTL_CONFIG_DIR: fixture.configDir, HOME: home.path, TMPDIR: scratch.path });
    await answerLogin(session, promptKey, promptToken);
    expect(await session.finish()).toBe(0);
    expect(session.screen).toContain('Stored the API key and bearer token of profile "prompted" in the profile file.');
    expectNoCanary(session.screen, 'the terminal');
  });

  it('leaves secrets in no file but the 0600 profile store', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));
    // No temporary file is left behind, in TMPDIR or the working folder.
    for (const dir of [scratch.path, work.path]) expect(files(dir), dir).toEqual([]);
    const stores = files(fixture.configDir);
    const names = stores.map((file) => file.slice(fixture.configDir.length + 1)).sort();
    // The store, and the two corrupt stores that --force moved aside (one per variant of that run).
    expect(names).toEqual(['config.json', expect.stringMatching(/^config\.json\.corrupt-/), expect.stringMatching(/^config\.json\.corrupt-/)]);
    for (const file of stores) expect(statSync(file).mode & 0o777).toBe(0o600);
    // Anything else ipctl wrote (such as its code cache under HOME) holds no secret.
    for (const file of files(home.path)) expectNoCanary(readFileSync(file).toString('latin1'), file);
    const store = JSON.parse(readFileSync(join(fixture.configDir, 'config.json'), 'utf8'));
    expect(store.profiles.default).toEqual({ apiKey: canaryApiKey, token: canaryToken });
    expect(store.profiles.prompted).toEqual({ apiKey: promptKey, token: promptToken });
  });
});
