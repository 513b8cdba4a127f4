// `ipctl __complete` for the IDs and names only the API knows (docs/completions.md,
// "Completed from the API"): one request, a second at most, silence on any failure.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complete } from '../../src/completion/engine.js';
import { completionModel } from '../../src/completion/model.js';
import { completeValues, connectionIds } from '../../src/completion/values.js';
import { runMain } from '../helpers/in-process.js';
import { canaryApiKey, useFixture } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/cli.js';

const fixture = useFixture();

/** What `ipctl __complete WORDS…` prints, run in-process through main(). */
async function ask(words: string[], env: Record<string, string | undefined>) {
  return runMain(['__complete', ...words], { env, timeoutMs: 5_000 });
}

/** The lines printed, sorted: the shells sort what they show. */
function lines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => line !== '').sort();
}

/** The environment of a run with no project and no credential, pointed at the sandbox. */
function bare(extra: Record<string, string | undefined> = {}) {
  return fixture.env({ IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined, IPCTL_PROJECT: undefined, ...extra });
}

// The sandbox's seed (src/sandbox/seed.ts) is the input: projects demo (proj_demo) and marketing (proj_marketing).
describe('project IDs and names', () => {
  it('offers each project by name and by ID, each described by the other', async () => {
    const result = await ask(['auth', 'status', '--project', ''], fixture.env());
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(lines(result.stdout)).toEqual(['demo\tproj_demo', 'marketing\tproj_marketing', 'proj_demo\tdemo', 'proj_marketing\tmarketing'].sort());
    // One request: the project list.
    expect((await fixture.requests()).map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/projects']);
  });

  it('keeps only those that start the word, and --project= in front', async () => {
    expect((await ask(['destinations', 'patch', 'dest_webhook', '--project', 'mar'], fixture.env())).stdout).toBe('marketing\tproj_marketing\n');
    expect((await ask(['profile', 'add', 'x', '--project=proj_d'], fixture.env())).stdout).toBe('--project=proj_demo\tdemo\n');
  });

  it('offers names and IDs for search --project too, which takes either', async () => {
    const result = await ask(['search', 'Contact', '--project', ''], fixture.env());
    expect(lines(result.stdout).sort()).toEqual(['demo\tproj_demo', 'marketing\tproj_marketing', 'proj_demo\tdemo', 'proj_marketing\tmarketing']);
  });

  it('uses the --profile and --base-url typed on the line, and the profile\'s credential', async () => {
    const config = tempDir();
    try {
      writeFileSync(join(config.path, 'config.json'), JSON.stringify({ profiles: { sb: { baseUrl: fixture.sandbox.baseUrl, apiKey: canaryApiKey } } }));
      const env = { IPCTL_CONFIG_DIR: config.path };
      expect(lines((await ask(['--profile', 'sb', 'auth', 'status', '--project', 'd'], env)).stdout)).toEqual(['demo\tproj_demo']);
      // Without --profile, profile sb is not in use: neither its base URL nor its credential.
      expect((await ask(['auth', 'status', '--project', 'd'], { ...env, IPCTL_BASE_URL: undefined })).stdout).toBe('');
      // --base-url on the line, the credential from the environment.
      const typed = await ask(['--base-url', fixture.sandbox.baseUrl, 'auth', 'status', '--project', 'm'], { ...env, IPCTL_API_KEY: canaryApiKey });
      expect(typed.stdout).toBe('marketing\tproj_marketing\n');
    } finally {
      config.remove();
    }
  });
});

describe('destination names and IDs', () => {
  it("offers the names and IDs of the project in use (IPCTL_PROJECT), each described by the other", async () => {
    const result = await ask(['destinations', 'patch', ''], fixture.env({ IPCTL_PROJECT: 'demo' }));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(lines(result.stdout)).toEqual(
      [
        'analytics-warehouse\tdest_snowflake',
        'contacts-queue\tdest_sqs',
        'crm-events-webhook\tdest_webhook',
        'raw-archive\tdest_s3',
        'dest_snowflake\tanalytics-warehouse',
        'dest_sqs\tcontacts-queue',
        'dest_webhook\tcrm-events-webhook',
        'dest_s3\traw-archive',
      ].sort(),
    );
    expect((await fixture.requests()).map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/projects/demo/destinations']);
  });

  it('takes the project from --project on the line over IPCTL_PROJECT and the profile', async () => {
    const result = await ask(['destinations', 'patch', '--project', 'proj_marketing', 'dest_marketing_w'], fixture.env({ IPCTL_PROJECT: 'demo' }));
    expect(result.stdout).toBe('dest_marketing_webhook\tmarketing-webhook\n');
  });

  it("takes the profile's project when nothing else names one", async () => {
    writeFileSync(join(fixture.configDir, 'config.json'), JSON.stringify({ current: 'sb', profiles: { sb: { project: 'marketing' } } }));
    try {
      expect((await ask(['destinations', 'patch', 'marketing-w'], fixture.env())).stdout).toBe('marketing-webhook\tdest_marketing_webhook\n');
    } finally {
      writeFileSync(join(fixture.configDir, 'config.json'), JSON.stringify({ profiles: {} }));
    }
  });

  it('sends nothing and says nothing when no project is set', async () => {
    const result = await ask(['destinations', 'patch', ''], fixture.env({ IPCTL_PROJECT: undefined }));
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('provider names', () => {
  it('offers the catalogue\'s names, described by their display names, with no credential', async () => {
    const result = await ask(['providers', 'get', ''], bare());
    expect(result).toMatchObject({ code: 0, stderr: '' });
    // Seed providers (src/sandbox/seed-providers.ts), as input: a few of them with their display names.
    expect(lines(result.stdout)).toEqual(expect.arrayContaining(['salesforce\tSalesforce', 'hubspot\tHubSpot', 'zendesk\tZendesk Support']));
    expect((await ask(['providers', 'get', 'zen'], bare())).stdout).toBe('zendesk\tZendesk Support\n');
    const requests = await fixture.requests();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/providers', 'GET /v1/providers']);
    expect(requests.flatMap((request) => request.headerNames).filter((name) => ['x-api-key', 'authorization'].includes(name.toLowerCase()))).toEqual([]);
  });
});

describe('connection IDs', () => {
  // No command takes a connection ID yet in this tree: one declared as `connections get` will be.
  const program = new Command('ipctl').option('--profile <name>', 'the profile').option('--base-url <url>', 'base URL');
  const get = program.command('connections').command('get').argument('<id>', 'connection ID').option('--project <idOrName>', 'project');
  completeValues(get, 'id', connectionIds);
  const root = completionModel(program);
  const created: string[] = [];

  beforeAll(async () => {
    for (const [project, body] of [
      ['demo', { provider: 'pipedrive', groupRef: 'acme-corp', consumerRef: 'u1', providerWorkspaceRef: 'acme', apiKey: 'pk_completion_1234567890' }],
      ['marketing', { provider: 'public-holidays', groupRef: 'umbrella', consumerRef: 'u2' }],
    ] as const) {
      const response = await fetch(`${fixture.sandbox.baseUrl}/projects/${project}/connections:generate`, {
        method: 'POST',
        headers: { 'X-Api-Key': canaryApiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
      created.push(((await response.json()) as { id: string }).id);
    }
  });

  it("offers the IDs of the project's connections, described by provider and groupRef", async () => {
    const demo = await complete(root, ['connections', 'get'], '', fixture.env({ IPCTL_PROJECT: 'demo' }));
    expect(demo).toEqual([{ value: created[0], description: 'pipedrive, acme-corp' }]);
    const marketing = await complete(root, ['connections', 'get', '--project', 'marketing'], '', fixture.env({ IPCTL_PROJECT: 'demo' }));
    expect(marketing).toEqual([{ value: created[1], description: 'public-holidays, umbrella' }]);
    expect(await complete(root, ['connections', 'get'], '', fixture.env({ IPCTL_PROJECT: undefined }))).toEqual([]);
  });
});

/** A server on 127.0.0.1 that answers every request with `answer`, and counts them. */
async function tinyServer(answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ baseUrl: string; requests: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server: Server = createServer((request, response) => {
    count += 1;
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => count,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function json(body: unknown, status = 200) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

describe('silence on failure: no output, no error, exit 0, one attempt', () => {
  const words = ['auth', 'status', '--project', ''];
  let config: ReturnType<typeof tempDir>;
  beforeAll(() => {
    config = tempDir();
    mkdirSync(config.path, { recursive: true });
  });
  afterAll(() => config.remove());
  const env = (baseUrl: string) => ({ IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: baseUrl, IPCTL_API_KEY: canaryApiKey });

  it('when nothing listens', async () => {
    const server = await tinyServer(json([]));
    const { baseUrl } = server;
    await server.close();
    expect(await ask(words, env(baseUrl))).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('on a 401 (a wrong credential)', async () => {
    const result = await ask(words, fixture.env({ IPCTL_API_KEY: 'sk_wrong_key_000000000000', IPCTL_TOKEN: undefined }));
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect((await fixture.requests()).map((request) => request.status)).toEqual([401]);
  });

  it('on a 500 and a 503, each asked once (no retry)', async () => {
    for (const status of [500, 503]) {
      const server = await tinyServer(json({ title: 'broken' }, status));
      try {
        expect(await ask(words, env(server.baseUrl))).toMatchObject({ code: 0, stdout: '', stderr: '' });
        expect(server.requests()).toBe(1);
      } finally {
        await server.close();
      }
    }
  });

  it('from a server that never answers, within 1.5 s', async () => {
    const server = await tinyServer(() => {});
    try {
      const started = Date.now();
      const result = await ask(words, env(server.baseUrl));
      const elapsed = Date.now() - started;
      expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
      expect(elapsed).toBeLessThan(1500);
      expect(server.requests()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('on an answer that is not JSON, or not a list', async () => {
    for (const body of ['<html>502 Bad Gateway</html>', '{"projects": [{"id": "proj_a", "name": "a"}]}', '[1, "two", null]']) {
      const server = await tinyServer(json(body));
      try {
        expect(await ask(words, env(server.baseUrl)), body).toMatchObject({ code: 0, stdout: '', stderr: '' });
      } finally {
        await server.close();
      }
    }
  });

  it('with no credential for a list that needs one, sending nothing', async () => {
    const server = await tinyServer(json([{ id: 'proj_a', name: 'a' }]));
    try {
      expect(await ask(words, { ...env(server.baseUrl), IPCTL_API_KEY: undefined })).toMatchObject({ code: 0, stdout: '', stderr: '' });
      expect(server.requests()).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('what the server sends is data', () => {
  it('leaves out names a shell cannot take as one word, shows control characters in descriptions, and never prints the credential', async () => {
    const hostile = [
      { id: 'proj_esc', name: 'evil\u001b]0;pwned\u0007' },
      { id: 'proj_nl', name: 'two\nlines' },
      { id: 'proj_tab', name: 'tab\there' },
      { id: 'proj_bidi', name: 'txt\u202egnp' },
      { id: 'proj_space', name: 'has space' },
      { id: 'proj_quote', name: "it's" },
      { id: 'proj_dollar', name: '$(reboot)' },
      { id: 'proj_key', name: canaryApiKey },
      { id: 'proj_ok', name: 'fine-name' },
    ];
    const server = await tinyServer(json(hostile));
    const config = tempDir();
    try {
      const result = await ask(['auth', 'status', '--project', ''], { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: server.baseUrl, IPCTL_API_KEY: canaryApiKey });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(lines(result.stdout)).toEqual(
        [
          'fine-name\tproj_ok',
          'proj_bidi\ttxt\\u202egnp',
          'proj_dollar\t$(reboot)',
          'proj_esc\tevil\\x1b]0;pwned\\x07',
          'proj_key\t[redacted]',
          'proj_nl\ttwo\\x0alines',
          'proj_ok\tfine-name',
          'proj_quote\tit\'s',
          'proj_space\thas space',
          'proj_tab\ttab\\x09here',
        ].sort(),
      );
      expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(result.stdout).not.toContain(canaryApiKey);
    } finally {
      config.remove();
      await server.close();
    }
  });
});
