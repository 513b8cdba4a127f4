// destinations patch against a sandbox, in-process (main() with test streams):
// by flags, files and stdin, at a terminal and in a pipe. Its prompts for a
// secret at a real terminal are in test/process/prompt-colour.test.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSeedData } from '../../../sandbox/seed.js';
import type { Destination } from '../../../sandbox/types.js';
import { expectNoneOf } from '../../../../test/helpers/canaries.js';
import { type RunResult, tempDir } from '../../../../test/helpers/cli.js';
import { ipctl, ipctlAtTerminal, runMain } from '../../../../test/helpers/in-process.js';
import { canaryApiKey, canaryToken, useFixture } from '../../../../test/helpers/sandbox.js';
import { fieldTable } from '../../../../test/helpers/field-table.js';
import { destinationProbes, expectOnlyChanged, sha256 } from '../../../../test/helpers/destinations.js';

// Destination secrets used in these tests: finding one in any output is a leak.
const canaryFileSecret = 'dest-secret-FILE-CANARY-6e2a91c4d7b3';
const canaryStdinSecret = 'dest-secret-STDIN-CANARY-0f8d3b5a1c92';
const canaryPromptSecret = 'dest-secret-PROMPT-CANARY-b47e2d9f6a10';
const canaryJsonSecret = 'dest-secret-JSON-CANARY-93c1e8a7f2d5';
const canaryArgvSecret = 'dest-secret-ARGV-CANARY-5d0b7c2e9f41';
const canaries = [canaryApiKey, canaryToken, canaryFileSecret, canaryStdinSecret, canaryPromptSecret, canaryJsonSecret, canaryArgvSecret];

const fixture = useFixture();
let files: ReturnType<typeof tempDir>;

beforeAll(() => {
  files = tempDir('ipctl-patch-');
});
afterAll(() => {
  files.remove();
});
beforeEach(() => {
  // Each test starts from the seed: patches change the sandbox's state.
  fixture.sandbox.state.projects = createSeedData().projects;
});

interface PatchOptions {
  env?: Record<string, string | undefined>;
  input?: string;
}

async function patch(args: string[], options: PatchOptions = {}): Promise<RunResult> {
  const argv = ['destinations', 'patch', ...args];
  const result = await runMain(argv, { env: fixture.env(options.env), stdin: options.input, timeoutMs: 20_000 });
  return { ...result, signal: null };
}

const { stateOf, secretDigest } = destinationProbes(fixture);

function writeFile(name: string, content: string): string {
  const path = join(files.path, name);
  writeFileSync(path, content);
  return path;
}

const expectNoCanary = (...texts: string[]) => expectNoneOf(canaries, ...texts);

/** The lines of a pipe-mode record table, as label → value. */
const tableOf = (stdout: string): Map<string, string> => new Map(Object.entries(fieldTable(stdout)));

async function expectNothingSent(): Promise<void> {
  expect(await fixture.requests()).toEqual([]);
}

describe('destinations patch: fields', () => {
  it('sets the name and a metadata key, prints the destination and changes nothing else', async () => {
    const before = await stateOf('dest_sqs');
    const result = await patch(['dest_sqs', '--project', 'demo', '--set', 'metadata.region=eu-central-1', '--name', 'contacts-queue-eu']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const table = tableOf(result.stdout);
    expect([...table.keys()]).toEqual(['ID', 'Name', 'Type', 'metadata.region', 'metadata.queueUrl', 'Created', 'Updated']);
    expect(table.get('Name')).toBe('contacts-queue-eu');
    expect(table.get('metadata.region')).toBe('eu-central-1');
    expect(table.get('metadata.queueUrl')).toBe('https://sqs.eu-west-1.amazonaws.com/123456789012/acme-contacts');
    const after = await stateOf('dest_sqs');
    expect(after.destination.name).toBe('contacts-queue-eu');
    expect(after.destination.metadata.region).toBe('eu-central-1');
    expectOnlyChanged(before, after, { name: true, metadata: ['region'] });
    expect(table.get('Updated')).toBe(after.destination.updateTime);
    const requests = await fixture.requests();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'PATCH', path: '/v1/projects/demo/destinations/dest_sqs', status: 200 });
    // Both credentials are configured: the API key is the one sent.
    expect(requests[0]!.headerNames).toContain('x-api-key');
    expect(requests[0]!.headerNames).not.toContain('authorization');
  });

  it('prints the API object with --json', async () => {
    const result = await patch(['dest_s3', '--set', 'metadata.storageClass=GLACIER', '--json'], { env: { IPCTL_PROJECT: 'proj_demo' } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as Destination;
    const after = await stateOf('dest_s3');
    expect(printed).toEqual(after.destination);
    expect(printed.metadata.storageClass).toBe('GLACIER');
    expect(printed).not.toHaveProperty('secrets');
  });

  it('takes integers for batchSize and maxWaitSecs, as KEY=VALUE or KEY:=JSON', async () => {
    const before = await stateOf('dest_snowflake');
    const result = await patch(['dest_snowflake', '--project', 'demo', '--set', 'metadata.batchSize=1000', '--set', 'metadata.maxWaitSecs:=30', '-o', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).metadata).toMatchObject({ batchSize: 1000, maxWaitSecs: 30 });
    const after = await stateOf('dest_snowflake');
    expect(after.destination.metadata).toMatchObject({ batchSize: 1000, maxWaitSecs: 30 });
    expectOnlyChanged(before, after, { metadata: ['batchSize', 'maxWaitSecs'] });
  });

  it('replaces the headers with those given by --header (NAME=VALUE or "NAME: VALUE")', async () => {
    const before = await stateOf('dest_webhook');
    const result = await patch(['dest_webhook', '--project', 'demo', '--replace-headers', '--header', 'X-Source=ipctl', '--header', 'X-Team: integrations=core']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const table = tableOf(result.stdout);
    expect(table.get('metadata.headers.X-Source')).toBe('ipctl');
    expect(table.get('metadata.headers.X-Team')).toBe('integrations=core');
    expect(table.has('metadata.headers.X-Environment')).toBe(false);
    const after = await stateOf('dest_webhook');
    expect(after.destination.metadata.headers).toEqual({ 'X-Source': 'ipctl', 'X-Team': 'integrations=core' });
    expectOnlyChanged(before, after, { metadata: ['headers'] });
  });

  it('takes the headers as JSON with --set metadata.headers:=', async () => {
    const result = await patch(['dest_marketing_webhook', '--project', 'marketing', '--set', 'metadata.headers:={"X-Only":"1"}', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect((await stateOf('dest_marketing_webhook', 'marketing')).destination.metadata).toEqual({
      url: 'https://hooks.example.com/ipctl/marketing',
      headers: { 'X-Only': '1' },
    });
  });
});

describe('destinations patch: the mask', () => {
  it('computes the mask from exactly the fields given, in the order of the spec', async () => {
    const secretFile = writeFile('password.txt', `${canaryFileSecret}\n`);
    const result = await patch([
      'dest_snowflake', '--project', 'demo', '--dry-run', '--json',
      '--secret', `password=@${secretFile}`, '--clear', 'metadata.maxWaitSecs', '--set', 'metadata.batchSize=10', '--name', 'wh',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const request = JSON.parse(result.stdout);
    expect(request.body).toEqual({
      updateMask: ['name', 'metadata.batchSize', 'metadata.maxWaitSecs', 'secrets.password'],
      destination: { name: 'wh', metadata: { batchSize: 10 }, secrets: { password: `****${canaryFileSecret.slice(-4)}` } },
    });
    expectNoCanary(result.stdout, result.stderr);
    await expectNothingSent();
  });

  it('clears fields with --clear: in the mask, absent from the body', async () => {
    const before = await stateOf('dest_snowflake');
    const args = ['dest_snowflake', '--project', 'demo', '--clear', 'metadata.maxWaitSecs', '--clear', 'secrets.privateKey,metadata.tableName'];
    const dry = await patch([...args, '--dry-run', '-o', 'json']);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).body).toEqual({ updateMask: ['metadata.tableName', 'metadata.maxWaitSecs', 'secrets.privateKey'], destination: {} });
    const result = await patch(args);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Cleared secrets: privateKey.\n');
    const table = tableOf(result.stdout);
    expect(table.has('metadata.maxWaitSecs')).toBe(false);
    expect(table.get('metadata.batchSize')).toBe('500');
    const after = await stateOf('dest_snowflake');
    expect(after.destination.metadata).not.toHaveProperty('maxWaitSecs');
    expect(after.destination.metadata).not.toHaveProperty('tableName');
    expect(after.secretNames).toEqual([]);
    expectOnlyChanged(before, after, { metadata: ['maxWaitSecs', 'tableName'], secrets: ['privateKey'] });
  });

  it('sends an explicit --update-mask as given when it matches the fields', async () => {
    const result = await patch(['dest_sqs', '--project', 'demo', '--update-mask', 'metadata.region,name', '--name', 'q', '--set', 'metadata.region=us-east-2', '--dry-run', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).body.updateMask).toEqual(['metadata.region', 'name']);
    await expectNothingSent();
  });
});

describe('destinations patch: --input-json', () => {
  const document = {
    updateMask: ['metadata.batchSize', 'metadata.maxWaitSecs', 'secrets.privateKey'],
    destination: { metadata: { batchSize: 250, maxWaitSecs: null }, secrets: { privateKey: canaryJsonSecret } },
  };

  it('sends the document, with flags replacing its paths and joining its mask', async () => {
    const path = writeFile('patch.json', JSON.stringify(document));
    const before = await stateOf('dest_snowflake');
    const args = ['dest_snowflake', '--project', 'demo', '--input-json', path, '--set', 'metadata.batchSize=42', '--name', 'warehouse-eu'];
    const dry = await patch([...args, '--dry-run', '--json']);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).body).toEqual({
      updateMask: ['metadata.batchSize', 'metadata.maxWaitSecs', 'secrets.privateKey', 'name'],
      destination: { name: 'warehouse-eu', metadata: { batchSize: 42 }, secrets: { privateKey: `****${canaryJsonSecret.slice(-4)}` } },
    });
    await expectNothingSent();
    const result = await patch(args);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Updated secrets: privateKey.\n');
    const after = await stateOf('dest_snowflake');
    expect(after.destination.name).toBe('warehouse-eu');
    expect(after.destination.metadata.batchSize).toBe(42);
    expect(after.destination.metadata).not.toHaveProperty('maxWaitSecs');
    expect(after.secretNames).toEqual(['privateKey']);
    expect(secretDigest('dest_snowflake', 'privateKey')).toBe(sha256(canaryJsonSecret));
    expectOnlyChanged(before, after, { name: true, metadata: ['batchSize', 'maxWaitSecs'], secrets: ['privateKey'] });
    expectNoCanary(dry.stdout, dry.stderr, result.stdout, result.stderr);
  });

  it('reads the document from stdin and computes the mask when it has none', async () => {
    const before = await stateOf('dest_s3');
    const result = await patch(['dest_s3', '--project', 'demo', '--input-json', '-', '-o', 'json'], {
      input: JSON.stringify({ destination: { metadata: { bucket: 'acme-archive-2', region: 'eu-west-1' } } }),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).metadata).toMatchObject({ bucket: 'acme-archive-2', region: 'eu-west-1' });
    expectOnlyChanged(before, await stateOf('dest_s3'), { metadata: ['bucket', 'region'] });
  });
});

describe('destinations patch: secrets', () => {
  it('reads one secret from a file and one from stdin, stores both, and never prints them', async () => {
    const before = await stateOf('dest_s3');
    const keyFile = writeFile('access-key-id.txt', `${canaryFileSecret}\n`);
    const result = await patch(['dest_s3', '--project', 'demo', '--secret', `accessKeyId=@${keyFile}`, '--secret', 'secretAccessKey=-', '--debug'], {
      input: `${canaryStdinSecret}\n`,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Updated secrets: accessKeyId, secretAccessKey.');
    expect(result.stderr).toContain('debug: → PATCH');
    expect(result.stderr).toContain(`x-api-key: ****${canaryApiKey.slice(-4)}`);
    expect(tableOf(result.stdout).get('ID')).toBe('dest_s3');
    expectNoCanary(result.stdout, result.stderr);
    // One trailing newline is not part of a secret.
    expect(secretDigest('dest_s3', 'accessKeyId')).toBe(sha256(canaryFileSecret));
    expect(secretDigest('dest_s3', 'secretAccessKey')).toBe(sha256(canaryStdinSecret));
    const after = await stateOf('dest_s3');
    expect(after.secretNames).toEqual(['accessKeyId', 'secretAccessKey']);
    expectOnlyChanged(before, after, { secrets: ['accessKeyId', 'secretAccessKey'] });
    expectNoCanary(JSON.stringify(after), JSON.stringify(await fixture.requests()));
  });

  it('sends the bearer token when no API key is configured', async () => {
    const result = await patch(['dest_sqs', '--project', 'demo', '--secret', 'awsSessionToken=-', '--json'], {
      env: { IPCTL_API_KEY: undefined },
      input: canaryStdinSecret,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Updated secrets: awsSessionToken.\n');
    expectNoCanary(result.stdout, result.stderr);
    const [request] = await fixture.requests();
    expect(request?.headerNames).toContain('authorization');
    expect(request?.headerNames).not.toContain('x-api-key');
    expect((await stateOf('dest_sqs')).secretNames).toEqual(['awsKeyId', 'awsSecretKey', 'awsSessionToken']);
  });
});

describe('destinations patch: --dry-run', () => {
  it('prints the request with secrets redacted, sends nothing and changes nothing', async () => {
    const before = await stateOf('dest_sqs');
    const result = await patch(['dest_sqs', '--project', 'demo', '--secret', 'awsSecretKey=-', '--set', 'metadata.region=eu-north-1', '--dry-run'], {
      input: canaryStdinSecret,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`PATCH ${fixture.sandbox.baseUrl}/projects/demo/destinations/dest_sqs`);
    expect(lines).toContain(`x-api-key: ****${canaryApiKey.slice(-4)}`);
    expect(result.stdout).toContain(`"awsSecretKey": "****${canaryStdinSecret.slice(-4)}"`);
    expect(result.stdout).toContain('"updateMask": [\n    "metadata.region",\n    "secrets.awsSecretKey"\n  ]');
    expectNoCanary(result.stdout, result.stderr);
    await expectNothingSent();
    expect(await stateOf('dest_sqs')).toEqual(before);
  });

  it('says on a terminal that nothing was sent', async () => {
    const result = await ipctlAtTerminal(['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--name', 'x', '--dry-run'], { env: fixture.env() });
    expect(result.code).toBe(0);
    expect(result.output).toContain('Dry run: nothing was sent.');
    await expectNothingSent();
  });
});

describe('destinations patch: not found', () => {
  it('exits 3 with the problem for an unknown destination', async () => {
    const result = await patch(['dest_nope', '--project', 'demo', '--name', 'x']);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Error: Not Found \(HTTP 404\)/);
    expect(result.stderr).toContain('Destination "dest_nope" does not exist in project proj_demo (demo).');
    expect(result.stderr).toContain('Remedy: Destinations of this project: dest_webhook, dest_sqs, dest_snowflake, dest_s3.');
  });

  it('exits 3 for an unknown project, and a destination looked for in the wrong project', async () => {
    const missing = await patch(['dest_sqs', '--project', 'nope', '--name', 'x']);
    expect(missing.code).toBe(3);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('Project "nope" does not exist');
    const elsewhere = await patch(['dest_sqs', '--project', 'marketing', '--name', 'x']);
    expect(elsewhere.code).toBe(3);
    expect(elsewhere.stdout).toBe('');
    expect(elsewhere.stderr).toContain('dest_marketing_webhook, dest_marketing_kinesis');
  });
});

describe('destinations patch: rejections (exit 2, nothing sent)', () => {
  const emptyFile = () => writeFile('empty.txt', '');
  const cases: Array<{ title: string; args: () => string[]; stderr: string[]; input?: string; env?: Record<string, string | undefined> }> = [
    { title: 'an unknown metadata key, with the closest', args: () => ['--set', 'metadata.regoin=x'], stderr: ['--set metadata.regoin: not a metadata key. Did you mean metadata.region?'] },
    { title: 'a metadata key without its prefix', args: () => ['--set', 'region=x'], stderr: ['--set region: metadata keys are written metadata.region.'] },
    { title: 'an unknown --clear path, with the closest', args: () => ['--clear', 'metadata.batchsize'], stderr: ['--clear: "metadata.batchsize" is not a field that can be updated. Did you mean metadata.batchSize?'] },
    { title: 'an unknown --update-mask path, with the closest', args: () => ['--update-mask', 'nmae', '--name', 'x'], stderr: ['--update-mask: "nmae" is not a field that can be updated. Did you mean name?'] },
    { title: 'a --update-mask path given twice', args: () => ['--update-mask', 'name,name', '--name', 'x'], stderr: ['--update-mask: name is given twice.'] },
    { title: 'an unknown secret key, not repeated, with the closest', args: () => ['--secret', 'pasword=-'], stderr: ['--secret: unknown secret key (not repeated here, in case it is a value). Did you mean password?'] },
    { title: 'a batchSize that is not an integer', args: () => ['--set', 'metadata.batchSize=ten'], stderr: ['--set metadata.batchSize: must be a non-negative integer, such as 500; "ten" is not.'] },
    { title: 'a negative maxWaitSecs', args: () => ['--set', 'metadata.maxWaitSecs:=-5'], stderr: ['--set metadata.maxWaitSecs: must be a non-negative integer.'] },
    { title: 'a string key given a number', args: () => ['--set', 'metadata.url:=5'], stderr: ['--set metadata.url: must be a non-empty string.'] },
    { title: 'an empty value', args: () => ['--set', 'metadata.region='], stderr: ['--set metadata.region: the value is empty. To clear the field use --clear metadata.region.'] },
    { title: '--header without --replace-headers', args: () => ['--header', 'X-Source=a'], stderr: ["--header: the headers given replace all of the destination's headers", 'with --replace-headers to confirm: --replace-headers --header X-Source=a'] },
    { title: '--replace-headers without --header', args: () => ['--replace-headers', '--name', 'x'], stderr: ['--replace-headers: give the headers the destination should have'] },
    { title: 'headers as plain text', args: () => ['--set', 'metadata.headers=X-A'], stderr: ['--set metadata.headers: headers take --replace-headers --header NAME=VALUE (--header repeatable'] },
    { title: 'an invalid header name', args: () => ['--replace-headers', '--header', 'X Bad=1'], stderr: ['--header: "X Bad" is not a valid HTTP header name'] },
    { title: 'a header given twice', args: () => ['--replace-headers', '--header', 'X-A=1', '--header', 'x-a=2'], stderr: ['--header x-a: given twice (as X-A too; header names ignore case).'] },
    { title: 'a secret through --set, not repeated', args: () => ['--set', `secrets.password=${canaryArgvSecret}`], stderr: ['--set secrets.password: secrets never come from the command line; use --secret password=@PATH'] },
    { title: 'a secret value in argv, not repeated', args: () => ['--secret', `password=${canaryArgvSecret}`], stderr: ['--secret password: secret values never come from the command line', 'rotate it'] },
    { title: 'a secret value typed where the key goes, not repeated', args: () => ['--secret', canaryArgvSecret], stderr: ['--secret: unknown secret key (not repeated here, in case it is a value).'] },
    { title: 'a prompt with no terminal', args: () => ['--secret', 'password'], stderr: ['--secret password: there is no terminal to ask at (or prompts are turned off); use --secret password=@PATH to read a file, or --secret password=- to read stdin.'] },
    { title: 'a field not in an explicit mask', args: () => ['--update-mask', 'name', '--name', 'x', '--set', 'metadata.region=y'], stderr: ['--set metadata.region: metadata.region is not in the --update-mask; add it there, or leave it out.'] },
    { title: 'a masked path without a value', args: () => ['--update-mask', 'name,metadata.region', '--name', 'x'], stderr: ['--update-mask: metadata.region has no value; give one with --set metadata.region=VALUE, or clear it with --clear metadata.region.'] },
    { title: 'clearing the name', args: () => ['--clear', 'name'], stderr: ['--clear name: a destination always has a name; give a new one with --name.'] },
    { title: 'a field both set and cleared', args: () => ['--set', 'metadata.region=x', '--clear', 'metadata.region'], stderr: ['--clear metadata.region: metadata.region is both given a value and cleared (by --set metadata.region); do one or the other.'] },
    { title: 'a field given twice', args: () => ['--set', 'metadata.region=x', '--set', 'metadata.region=y'], stderr: ['--set metadata.region: metadata.region is already given by --set metadata.region; give each field once.'] },
    { title: 'nothing to change', args: () => [], stderr: ['Nothing to change: give at least one of --name, --set, --header, --secret, --clear or --input-json.'] },
    { title: 'two values from stdin', args: () => ['--input-json', '-', '--secret', 'password=-'], stderr: ['--input-json - and --secret password=- both read stdin'], input: '{}' },
    { title: 'a missing secret file', args: () => ['--secret', `password=@${join(files.path, 'missing.txt')}`], stderr: ['--secret password: cannot read', '(no such file)'] },
    { title: 'an empty secret file', args: () => ['--secret', `password=@${emptyFile()}`], stderr: ['--secret password:', 'is empty.'] },
    { title: 'an empty secret on stdin', args: () => ['--secret', 'password=-'], stderr: ['--secret password: stdin is empty.'], input: '\n' },
    { title: 'a document that is not JSON', args: () => ['--input-json', '-'], stderr: ['--input-json: stdin is not valid JSON'], input: `{"destination": {"secrets": {"password": "${canaryJsonSecret}"` },
    {
      title: 'a document with unknown keys, with the closest',
      args: () => ['--input-json', '-'],
      stderr: ['--input-json: unknown key "updatemask". Did you mean updateMask?', '--input-json destination.metadata: "metadata.regoin" is not a field that can be updated. Did you mean metadata.region?'],
      input: JSON.stringify({ updatemask: [], destination: { metadata: { regoin: 'x' } } }),
    },
    {
      title: 'a document secret of the wrong type, not repeated',
      args: () => ['--input-json', '-'],
      stderr: ['--input-json destination.secrets.password: must be a non-empty string.'],
      input: JSON.stringify({ destination: { secrets: { password: [canaryJsonSecret] } } }),
    },
    {
      title: 'a document field outside its mask',
      args: () => ['--input-json', '-'],
      stderr: ['--input-json destination.metadata.url: metadata.url is not in the updateMask of --input-json; add it there, or leave it out.'],
      input: JSON.stringify({ updateMask: ['name'], destination: { name: 'x', metadata: { url: 'https://x' } } }),
    },
    {
      title: 'a document mask path without a value',
      args: () => ['--input-json', '-'],
      stderr: ['updateMask of --input-json: metadata.url has no value; give one with --set metadata.url=VALUE, or clear it with --clear metadata.url.'],
      input: JSON.stringify({ updateMask: ['metadata.url'], destination: {} }),
    },
    { title: 'no project anywhere', args: () => ['--name', 'x'], stderr: ['No project given.', 'IPCTL_PROJECT'], env: { IPCTL_PROJECT: undefined } },
  ];

  for (const testCase of cases) {
    it(`rejects ${testCase.title}`, async () => {
      const needsProject = testCase.env === undefined;
      const args = ['dest_sqs', ...(needsProject ? ['--project', 'demo'] : []), ...testCase.args()];
      const result = await patch(args, { input: testCase.input, env: testCase.env });
      expect(result.stdout).toBe('');
      for (const text of testCase.stderr) expect(result.stderr).toContain(text);
      expect(result.stderr).toMatch(/^Error: /);
      expect(result.code).toBe(2);
      expectNoCanary(result.stderr);
      await expectNothingSent();
    });
  }

  it('reports every problem at once', async () => {
    const result = await patch(['dest_sqs', '--project', 'demo', '--set', 'metadata.regoin=x', '--set', 'metadata.batchSize=-1', '--clear', 'name']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      [
        'Error: Invalid input (3 problems):',
        '  - --set metadata.regoin: not a metadata key. Did you mean metadata.region?',
        '  - --set metadata.batchSize: must be a non-negative integer, such as 500; "-1" is not.',
        '  - --clear name: a destination always has a name; give a new one with --name.',
        'See: ipctl destinations patch --help',
        '',
      ].join('\n'),
    );
    await expectNothingSent();
  });
});

describe('destinations patch --help', () => {
  it('lists the fields, with examples against the sandbox seed', async () => {
    const result = await ipctl(['destinations', 'patch', '--help']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Usage: ipctl destinations patch [options] <destination>');
    expect(result.stdout).toContain('metadata.KEY   url, headers, region,');
    expect(result.stdout).toContain('secrets.KEY    awsKeyId, awsSecretKey,');
    // Wrapped to 80 columns (README, Output): an example goes on after ` \` on the next line.
    expect(result.stdout.replace(/ \\\n\s+/g, ' ')).toContain('$ ipctl destinations patch dest_sqs --project demo --set metadata.region=eu-central-1');
  });
});
