// ipctl against a hostile server (test/helpers/hostile-server.ts), a proxy
// that will not tunnel, and odd input: nothing it sent leaks back out, nothing
// the server sends controls the terminal, every wait is bounded, and no input
// can steer a request elsewhere. Most runs are in-process (main() with test
// streams, against the same servers); a few of each kind go through the built
// CLI, and what only a process shows (a signal, NODE_OPTIONS, a terminal) is spawned.
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';
import { expectNoneOf } from '../helpers/canaries.js';
import { runIpctl, runIpctlInTerminal, startIpctl, tempDir } from '../helpers/cli.js';
import { type InProcessResult, ipctl, ipctlAtTerminal, type IpctlOptions, testClock } from '../helpers/in-process.js';
import { type HostileMode, type HostileServer, startHostileServer } from '../helpers/hostile-server.js';

const apiKey = 'ipk_CANARY_hostile_apikey_3f9a2c7e';
const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJDQU5BUlkifQ.CANARYsig_b81d4e6f';
const connectionKey = 'pk_CANARY_hostile_conn_7d1e5a';
const destinationPassword = 'pw_CANARY_hostile_dest_9c4b2f';
/** Every credential sent, and the long parts of the token (a JWT's segments). */
const canaries = [apiKey, token, connectionKey, destinationPassword, ...token.split('.')];
/** ESC, BEL, OSC 52 (clipboard), OSC 8 (link), C1 CSI and a right-to-left override. */
const label = 'Acme\u001b[2J\u0007\u001b]52;c;ZXZpbA==\u0007\u001b]8;;http://evil.example/\u001b\\click\u001b]8;;\u001b\\\u009b31m\u202eevil';
const rawControls = /[\u0007\u009b\u202e]|\u001b[\]\[]/;
/** ipctl's own colors (SGR sequences) are allowed on a terminal; nothing else. */
const withoutColors = (text: string): string => text.replace(/\u001b\[[\d;]*m/g, '');

/** Modules as the service's published contract has them: displayName, baseURL and support, all required. */
const publishedModules = {
  crm: { displayName: 'CRM', baseURL: 'https://acme.my.salesforce.com/services/data/v60.0', support: { read: true, write: true, proxy: false, bulkWrite: { insert: true, update: false }, search: { operators: { eq: true } } } },
  pardot: { displayName: 'Account Engagement', baseURL: 'https://pi.pardot.com/api/v5', support: { read: true, write: false } },
};

/** Modules as older answers have them: a label, no displayName or support. */
const olderModules = { crm: { id: 'crm', label: 'CRM', baseURL: 'https://acme.my.salesforce.com/services/data/v60.0', version: 'v60.0' } };

let sandbox: Sandbox;
let hostile: HostileServer;
const files = tempDir('ipctl-hostile-');
let config = tempDir('ipctl-hostile-config-');

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  const dispatcher = new Agent();
  const fetchJson = async (path: string) => {
    const answer = await request(`${sandbox.baseUrl}${path}`, { dispatcher, headers: { 'x-api-key': sandbox.apiKey, authorization: `Bearer ${sandbox.token}` } });
    return (await answer.body.json()) as Record<string, unknown>;
  };
  const salesforce = await fetchJson('/providers/salesforce');
  const pipedrive = await fetchJson('/providers/pipedrive');
  hostile = await startHostileServer({
    providers: { pipedrive, salesforce: { ...salesforce, modules: publishedModules } },
    olderProviders: { pipedrive, salesforce: { ...salesforce, modules: olderModules } },
    org: await fetchJson(`/orgs/${sandbox.org}`),
    label,
  });
  await dispatcher.close();
});
afterAll(async () => {
  await hostile.close();
  await sandbox.close();
  files.remove();
  config.remove();
});

function env(mode: HostileMode | string, extra: Record<string, string> = {}): Record<string, string> {
  const baseUrl = mode.startsWith('http') ? mode : hostile.baseUrl(mode as HostileMode);
  return { IPCTL_CONFIG_DIR: config.path, IPCTL_API_KEY: apiKey, IPCTL_TOKEN: token, IPCTL_BASE_URL: baseUrl, IPCTL_RETRIES: '0', ...extra };
}

/** Runs ipctl in this process, with the environment a spawned one gets; waits before a retry take no time. */
const runInProcess = (args: string[], options: IpctlOptions) => ipctl(args, { ...options, clock: testClock(), timeoutMs: 60_000 });

function file(name: string, text: string): string {
  const path = join(files.path, name);
  writeFileSync(path, text);
  return path;
}

const expectNoCanary = (...outputs: string[]) => expectNoneOf(canaries, ...outputs);

describe('a server that echoes the request in its errors', { timeout: 120_000 }, () => {
  const commands: Record<string, () => string[]> = {
    'orgs get': () => ['orgs', 'get', 'org_demo'],
    'destinations patch': () => ['destinations', 'patch', 'dest_webhook', '--project', 'demo', '--secret', `password=@${file('password.txt', destinationPassword)}`],
    'connections generate': () => [
      'connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', '--group-ref', 'g1', '--consumer-ref', 'u1', '--workspace', 'acme',
      '--api-key-file', file('key.txt', connectionKey),
    ],
  };
  const formats = [[], ['-o', 'json'], ['-o', 'yaml']];
  let round = 0;

  for (const mode of ['echo-json', 'echo-html'] as const) {
    for (const [name, args] of Object.entries(commands)) {
      for (const format of formats) {
        it(`${name} ${format.join(' ') || '(table)'} --debug against ${mode}: no credential in any output`, async () => {
          const before = hostile.requests.length;
          // The table against echo-json through the built CLI too.
          const run = mode === 'echo-json' && format.length === 0 ? runIpctl : runInProcess;
          const result = await run([...args(), ...format, '--debug'], { env: env(mode) });
          expect(result.code).toBe(mode === 'echo-json' ? 1 : 5);
          // The server did get the credentials, and echoed them: the output shows where they were.
          expect(JSON.stringify(hostile.requests.slice(before))).toMatch(new RegExp(`${apiKey}|${token.replace(/\./g, '\\.')}`));
          expect(result.stderr).toContain('[redacted]');
          expectNoCanary(result.stdout, result.stderr);
        });
      }
    }

    for (const format of formats) {
      it(`a bulk import ${format.join(' ') || '(table)'} --debug against ${mode}: no credential in the output or the results file`, async () => {
        round += 1;
        const rows = [1, 2, 3].map((index) => JSON.stringify({ provider: 'pipedrive', groupRef: `g${index}`, consumerRef: `u${index}`, providerWorkspaceRef: 'acme', apiKey: `${connectionKey}${index}` }));
        const input = file(`rows-${round}.jsonl`, `${rows.join('\n')}\n`);
        const results = join(files.path, `rows-${round}.results.jsonl`);
        const run = mode === 'echo-json' && format.length === 0 ? runIpctl : runInProcess;
        const result = await run(['connections', 'generate', '--project', 'demo', '--from-file', input, '--results', results, ...format, '--debug'], { env: env(mode) });
        expect(result.code).toBe(1);
        const written = readFileSync(results, 'utf8');
        expect(written).toContain('[redacted]');
        expectNoCanary(result.stdout, result.stderr, written);
      });
    }
  }
});

describe('a credential echoed into a table cell', { timeout: 60_000 }, () => {
  it('is replaced before the cell is wrapped to fit a narrow terminal: no part of it shows', async () => {
    const search = ['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_x', '--group-ref', 'acme', '--where', 'Note=x'];
    const result = await runIpctlInTerminal(search, { env: env('echo-search', { IPCTL_SEARCH_URL: hostile.baseUrl('echo-search') }), columns: 40 });
    expect(result.code).toBe(0);
    // The echoed cell takes more than one line: its credential was replaced before it was wrapped.
    expect(result.stdout).toContain('[redacted]');
    expect(result.stdout).not.toMatch(/\[redacted\] was used for this record/);
    expect(result.stdout).not.toContain(apiKey.slice(0, 8));
    expectNoCanary(result.stdout, result.stderr);
  });

  it('is replaced before the cell is cut short, at every terminal width from 40 to 140 columns: no part of it shows', async () => {
    // docs/output.md: a list's low-value columns (search: the provider's own fields) are cut short with … to fit,
    // and a credential in a cell is replaced before the cell is wrapped or cut. Widths from a narrow terminal to one
    // wide enough for every column whole (below 40 the table is laid out vertically), so that some cut the echoed
    // Note inside the key.
    const search = ['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_x', '--group-ref', 'acme', '--where', 'Note=x'];
    for (let columns = 40; columns <= 140; columns += 1) {
      const result = await ipctlAtTerminal(search, { env: env('echo-search', { IPCTL_SEARCH_URL: hostile.baseUrl('echo-search') }), columns });
      expect(result.code, `${columns} columns`).toBe(0);
      const shown = result.output.replace(/\u001b\[[0-9;]*m/g, '');
      expect(shown, `${columns} columns`).not.toContain(apiKey.slice(0, 5));
      expectNoCanary(shown);
    }
  });
});

describe('server text with control characters', { timeout: 60_000 }, () => {
  it('shows them visibly in a pipe (TSV), and sends nothing raw', async () => {
    const result = await runIpctl(['orgs', 'get', 'org_demo'], { env: env('control') });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(rawControls);
    expect(result.stdout).toContain('Acme\\x1b[2J\\x07\\x1b]52;c;ZXZpbA==\\x07\\x1b]8;;http://evil.example/\\x1b\\click');
    expect(result.stdout).toContain('\\x9b31m\\u202eevil');
  });

  it('shows them visibly in a table at a terminal', async () => {
    const result = await runIpctlInTerminal(['orgs', 'get', 'org_demo'], { env: env('control') });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\\x1b]52;c;');
    expect(withoutColors(result.stdout)).not.toMatch(rawControls);
  });

  it('keeps the exact data in JSON and YAML, written as escapes', async () => {
    const json = await runInProcess(['orgs', 'get', 'org_demo', '-o', 'json'], { env: env('control') });
    expect(json.stdout).not.toMatch(rawControls);
    expect(json.stdout).toContain('\\u001b]52;c;ZXZpbA==\\u0007');
    expect(json.stdout).toContain('\\u009b31m\\u202eevil');
    expect((JSON.parse(json.stdout) as { label: string }).label).toBe(label);
    const yaml = await runInProcess(['orgs', 'get', 'org_demo', '-o', 'yaml'], { env: env('control') });
    expect(yaml.stdout).not.toMatch(rawControls);
    expect((parseYaml(yaml.stdout) as { label: string }).label).toBe(label);
  });

  it('shows them visibly in a 404\'s problem details, as text and as a JSON problem document', async () => {
    const text = await runInProcess(['orgs', 'get', 'missing'], { env: env('control') });
    expect(text.code).toBe(3);
    expect(text.stderr).toContain('No org Acme\\x1b[2J');
    expect(text.stderr).not.toMatch(rawControls);
    const json = await runInProcess(['orgs', 'get', 'missing', '-o', 'json'], { env: env('control') });
    expect(json.code).toBe(3);
    expect(json.stderr).not.toMatch(rawControls);
    expect((JSON.parse(json.stderr) as { title: string }).title).toBe(`No org ${label}`);
  });
});

/** A TCP server standing in for a proxy; counts the connections it gets. */
async function fakeProxy(onConnection: (socket: Socket) => void): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a proxy that will not tunnel', { timeout: 60_000 }, () => {
  it('closing after reading CONNECT: exit 5 naming the proxy, within the bounds of --timeout and --retries', async () => {
    const proxy = await fakeProxy((socket) => socket.once('data', () => socket.destroy()));
    try {
      const started = Date.now();
      // In this process, waits before a retry taking no time: the bound is on the attempts, not on waiting.
      const result = await runInProcess(['--timeout', '3', '--retries', '1', 'orgs', 'get', 'o1'], { env: env('http://api.example.test/v1', { HTTP_PROXY: proxy.url }) });
      expect(result.code).toBe(5);
      expect(result.stderr).toContain(`through the proxy ${proxy.url}: the proxy closed the connection without answering the CONNECT request`);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(proxy.connections()).toBeGreaterThan(0);
      expect(proxy.connections()).toBeLessThanOrEqual(20);
    } finally {
      await proxy.close();
    }
  });

  it('never answering CONNECT: the timeout holds, and names the proxy', async () => {
    const proxy = await fakeProxy(() => undefined);
    try {
      // In this process: the proxy and the timeout are the point, not the process (SIGTERM's case below spawns).
      const result = await runInProcess(['--timeout', '1', '--retries', '0', 'orgs', 'get', 'o1'], { env: env('http://api.example.test/v1', { HTTP_PROXY: proxy.url }) });
      expect(result.code).toBe(5);
      expect(result.stderr).toContain(`No answer within 1 s from GET http://api.example.test/v1/orgs/o1 through the proxy ${proxy.url}.`);
    } finally {
      await proxy.close();
    }
  });

  it('a single SIGTERM ends a run that waits on it (well before its 60 s timeout), exit 143', async () => {
    const proxy = await fakeProxy(() => undefined);
    try {
      const running = startIpctl(['--timeout', '60', 'orgs', 'get', 'o1'], { env: env('http://api.example.test/v1', { HTTP_PROXY: proxy.url }) });
      const deadline = Date.now() + 15_000;
      while (proxy.connections() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(proxy.connections()).toBe(1);
      const signalled = Date.now();
      running.child.kill('SIGTERM');
      const result = await running.result();
      expect(result.code).toBe(143);
      // Ended, not waiting out --timeout 60: a margin wide enough for a loaded machine.
      expect(Date.now() - signalled).toBeLessThan(10_000);
    } finally {
      await proxy.close();
    }
  });
});

describe('input that would steer a request', { timeout: 60_000 }, () => {
  for (const id of ['..', '.', '%2e%2E', '%2E']) {
    it(`orgs get ${id}: exit 2, nothing sent`, async () => {
      const before = hostile.requests.length;
      const result = await runInProcess(['orgs', 'get', id], { env: env('control') });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('ORG_ID: must not be "." or ".."');
      expect(hostile.requests.length).toBe(before);
    });
  }

  const urls: Array<[string, string]> = [
    [`${'control'}/v1?x=1`, 'must not have a query'],
    [`${'control'}/v1#top`, 'must not have a fragment'],
  ];
  for (const [suffix, message] of urls) {
    it(`a base URL ending ${suffix.slice('control/v1'.length)}: exit 2 from the flag and the environment, nothing sent`, async () => {
      const before = hostile.requests.length;
      const url = `${hostile.origin}/${suffix}`;
      const byFlag = await runInProcess(['--base-url', url, 'orgs', 'get', 'o1'], { env: env('control') });
      const byEnv = await runInProcess(['orgs', 'get', 'o1'], { env: env(url) });
      for (const result of [byFlag, byEnv]) {
        expect(result.code).toBe(2);
        expect(result.stderr).toContain(message);
      }
      expect(hostile.requests.length).toBe(before);
    });
  }

  it('a base URL without the /v1 prefix is taken as given: the request goes below it, nothing is added', async () => {
    const before = hostile.requests.length;
    const result = await runInProcess(['orgs', 'get', 'o1', '-o', 'json'], { env: env(`${hostile.origin}/control/`) });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(hostile.requests.slice(before).map((request) => `${request.method} ${request.url}`)).toEqual(['GET /control/orgs/o1']);
  });

  it('a base URL with a password in it: exit 2, never printed, never stored', async () => {
    const url = `${hostile.origin.replace('http://', `http://admin:${destinationPassword}@`)}/control/v1`;
    const used = await runInProcess(['--base-url', url, 'orgs', 'get', 'o1'], { env: env('control') });
    const stored = await runInProcess(['profile', 'add', 'leaky', '--base-url', url], { env: env('control') });
    for (const result of [used, stored]) {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('must not hold a user name or password');
      expectNoCanary(result.stdout, result.stderr);
    }
    expect(existsSync(join(config.path, 'config.json')) ? readFileSync(join(config.path, 'config.json'), 'utf8') : '').not.toContain(destinationPassword);
  });
});

describe('odd answers', { timeout: 60_000 }, () => {
  it('an invalid Location is an API error naming the problem (exit 1)', async () => {
    const result = await runInProcess(['orgs', 'get', 'o1'], { env: env('bad-location') });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The server answered HTTP 302 with a Location header that is not a URL ("http://[::1")');
  });

  for (const mode of ['gzip', 'deflate', 'br'] as const) {
    it(`a ${mode} body is decoded`, async () => {
      const result = await runInProcess(['orgs', 'get', 'org_demo', '-o', 'json'], { env: env(mode) });
      expect(result.code).toBe(0);
      expect((JSON.parse(result.stdout) as { label: string }).label).toBe('Acme Demo');
    });
  }

  it('a compressed body that inflates past the limit is refused (exit 1)', async () => {
    const result = await runInProcess(['orgs', 'get', 'org_demo'], { env: env('gzip-bomb') });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("The server's answer is larger than 16 MiB; ipctl stopped reading it.");
  });

  it('oversized headers are exit 1, saying what came back', async () => {
    const result = await runInProcess(['orgs', 'get', 'org_demo'], { env: env('big-headers') });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('with headers larger than ipctl reads (UND_ERR_HEADERS_OVERFLOW)');
  });

  it('an answer that is not HTTP is exit 1, saying so', async () => {
    const result = await runInProcess(['orgs', 'get', 'org_demo'], { env: env(hostile.notHttpUrl) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('with something that is not HTTP (Response does not match the HTTP/1.1 protocol');
  });

  it('a 503 that says retrying will not help gets that advice alone, not a time to come back', async () => {
    const result = await runInProcess(['orgs', 'get', 'org_demo'], { env: env('unretryable', { IPCTL_RETRIES: '2' }) });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('Retry: no, retrying will not help');
    expect(result.stderr).not.toContain('Try again after');
    expect(result.stderr).not.toContain('Gave up after');
  });
});

describe('a search answer in the shape the service publishes', { timeout: 60_000 }, () => {
  const search = ['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_x', '--group-ref', 'g1', '--where', 'email=ada@example.com'];

  it('`result` with entries without id: a table that leads with the mapped fields', async () => {
    const result = await runInProcess(search, { env: env('control', { IPCTL_SEARCH_URL: hostile.baseUrl('search-published') }) });
    expect(result.code).toBe(0);
    const [header, ...rows] = result.stdout.trimEnd().split('\n');
    expect(header!.split('\t')).toEqual(['email (mapped)', 'FirstName', 'Email']);
    expect(rows).toEqual(['ada@example.com\tAda\tada@example.com', 'grace@example.com\tGrace\tgrace@example.com']);
  });

  it('-o json prints the answer as received, -o ndjson one entry a line', async () => {
    const searchEnv = env('control', { IPCTL_SEARCH_URL: hostile.baseUrl('search-published') });
    const json = await runInProcess([...search, '-o', 'json'], { env: searchEnv });
    const answer = JSON.parse(json.stdout) as { result: unknown[] };
    expect(Object.keys(answer)).toEqual(['result']);
    expect(answer.result).toHaveLength(2);
    const ndjson = await runInProcess([...search, '-o', 'ndjson'], { env: searchEnv });
    expect(ndjson.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual(answer.result);
  });

  it('both `results` and `result`: `results` is the one shown', async () => {
    const result = await runInProcess([...search, '-o', 'ndjson'], { env: env('control', { IPCTL_SEARCH_URL: hostile.baseUrl('search-both') }) });
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n').map((line) => (JSON.parse(line) as { id?: string }).id)).toEqual(['r1']);
  });
});

describe('a created connection in the shape the service publishes', { timeout: 60_000 }, () => {
  /** Creates a pipedrive connection through the hostile server in `mode`, shown as a table, then again as JSON. */
  async function generatePipedrive(mode: HostileMode, groupRef: string): Promise<{ table: InProcessResult; json: InProcessResult }> {
    const args = ['connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', '--group-ref', groupRef, '--consumer-ref', 'u1', '--workspace', 'acme', '--api-key-file', file(`${mode}-key.txt`, connectionKey)];
    const table = await runInProcess(args, { env: env(mode) });
    return { table, json: await runInProcess([...args, '-o', 'json'], { env: env(mode) }) };
  }

  it('shows each providerMetadata value in the table, and the whole object in JSON', async () => {
    const { table, json } = await generatePipedrive('connection-published', 'g1');
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('Metadata workspace\tacme\n');
    expect(table.stdout).toContain('Metadata region\teu\n');
    expect((JSON.parse(json.stdout) as { providerMetadata: unknown }).providerMetadata).toEqual({
      workspace: { value: 'acme', source: 'input', displayName: 'Workspace' },
      region: { value: 'eu', source: 'provider' },
    });
  });

  it('still shows bare values, as older answers send them', async () => {
    const { table, json } = await generatePipedrive('older-shapes', 'g-bare');
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('Metadata workspace\tacme\n');
    expect(table.stdout).toContain('Metadata region\teu\n');
    expect((JSON.parse(json.stdout) as { providerMetadata: unknown }).providerMetadata).toEqual({ workspace: 'acme', region: 'eu' });
  });
});

describe('provider modules in the shape the service publishes', { timeout: 60_000 }, () => {
  it('a line per module with its display name and what it supports; JSON has all of it', async () => {
    const table = await runInProcess(['providers', 'get', 'salesforce'], { env: env('control') });
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('MODULE\tDISPLAY NAME\tBASE URL\tSUPPORTS\n');
    expect(table.stdout).toContain('crm\tCRM\thttps://acme.my.salesforce.com/services/data/v60.0\tread, write, bulkWrite (insert), search (eq)\n');
    expect(table.stdout).toContain('pardot\tAccount Engagement\thttps://pi.pardot.com/api/v5\tread\n');
    const json = await runInProcess(['providers', 'get', 'salesforce', '-o', 'json'], { env: env('control') });
    expect((JSON.parse(json.stdout) as { modules: unknown }).modules).toEqual(publishedModules);
  });

  it('an older answer, modules without displayName and support, still renders', async () => {
    const result = await runInProcess(['providers', 'get', 'salesforce'], { env: env('older-shapes') });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\ncrm\tCRM\thttps://acme.my.salesforce.com/services/data/v60.0\t\n');
  });
});

describe('odd input', { timeout: 60_000 }, () => {
  for (const flag of ['--retries', '--timeout']) {
    it(`${flag} '' is exit 2`, async () => {
      const result = await runInProcess([flag, '', 'orgs', 'get', 'org_demo'], { env: env('control') });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${flag} must be`);
    });
  }

  const credentialHeaders: Array<[string, string[]]> = [
    ['--header Authorization=…', ['--replace-headers', '--header', `Authorization=Bearer ${destinationPassword}`]],
    ['--header "X-Api-Key: …"', ['--replace-headers', '--header', `X-Api-Key: ${destinationPassword}`]],
    ['--set metadata.headers:={"Authorization": …}', ['--set', `metadata.headers:={"Authorization":"${destinationPassword}"}`]],
  ];
  for (const [name, args] of credentialHeaders) {
    it(`destinations patch ${name} is refused on argv, with the file way shown, nothing sent`, async () => {
      const before = hostile.requests.length;
      const result = await runInProcess(['destinations', 'patch', 'dest_webhook', '--project', 'demo', ...args], { env: env('echo-json') });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('a header that carries a credential never comes from the command line. Give it, with every other header the destination should keep, in a file instead of --header and --set, and pass --input-json FILE');
      expectNoCanary(result.stdout, result.stderr);
      expect(hostile.requests.length).toBe(before);
    });
  }

  it('a credential header from --input-json is sent, and shown redacted by --dry-run', async () => {
    const body = file('headers.json', JSON.stringify({ destination: { metadata: { headers: { Authorization: `Bearer ${destinationPassword}` } } } }));
    const result = await runInProcess(['destinations', 'patch', 'dest_webhook', '--project', 'demo', '--input-json', body, '--dry-run'], { env: env('echo-json') });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('metadata.headers');
    expectNoCanary(result.stdout, result.stderr);
  });

  it('under --jitless (no WebAssembly), an API command says why it cannot run (exit 2)', async () => {
    const result = await runIpctl(['orgs', 'get', 'org_demo'], { env: env('control', { NODE_OPTIONS: '--jitless' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('This Node runs without WebAssembly (started with --jitless?)');
  });

  for (const name of ['toString', '__proto__', 'constructor']) {
    it(`profile show ${name} and help ${name} are looked up as own keys`, async () => {
      const shown = await runInProcess(['profile', 'show', name], { env: env('control') });
      expect(shown.code).toBe(2);
      // "__proto__" is no valid profile name at all; the others are, and there is none of them.
      expect(shown.stderr).toContain(name === '__proto__' ? 'NAME: must be letters, digits' : `No profile named "${name}"`);
      const help = await runInProcess(['help', name], { env: env('control') });
      expect(help.code).toBe(2);
      expect(help.stderr).toContain(`No command or help topic "${name}"`);
    });
  }
});

describe('the profile file after a crash', { timeout: 60_000 }, () => {
  it('a temporary copy left by kill -9 mid-write is removed by the next write', async () => {
    config.remove();
    config = tempDir('ipctl-hostile-config-');
    expect((await runInProcess(['profile', 'add', 'one'], { env: env('control') })).code).toBe(0);
    const leftover = join(config.path, 'config.json.tmp-1234567890abcdef');
    writeFileSync(leftover, JSON.stringify({ profiles: { one: { apiKey } } }), { mode: 0o600 });
    const result = await runInProcess(['profile', 'add', 'two'], { env: env('control') });
    expect(result.code).toBe(0);
    expect(readdirSync(config.path).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('an empty lock file older than a second is stale: the write goes ahead at once', async () => {
    const lock = join(config.path, 'config.json.lock');
    writeFileSync(lock, '');
    const old = new Date(Date.now() - 5000);
    utimesSync(lock, old, old);
    const started = Date.now();
    const result = await runInProcess(['profile', 'add', 'three'], { env: env('control') });
    expect(result.code).toBe(0);
    // A live lock would make it wait up to 10 s.
    expect(Date.now() - started).toBeLessThan(8000);
    expect(existsSync(lock)).toBe(false);
  });
});

describe('an answer nested thousands of levels deep', { timeout: 180_000 }, () => {
  const deepEnv = (mode: 'deep' | 'deep-problem') => env(mode, { IPCTL_SEARCH_URL: hostile.baseUrl(mode) });
  const search = ['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_x', '--group-ref', 'g1', '--where', 'a=b'];
  const commands: Array<[name: string, args: () => string[], formats: string[][]]> = [
    ['orgs get', () => ['orgs', 'get', 'org_demo'], [[], ['-o', 'json'], ['-o', 'yaml'], ['--query', 'nested']]],
    ['providers get', () => ['providers', 'get', 'pipedrive'], [[], ['-o', 'json'], ['-o', 'yaml'], ['-o', 'ndjson'], ['--query', 'nested']]],
    ['search', () => search, [[], ['-o', 'json'], ['-o', 'yaml'], ['-o', 'ndjson'], ['--query', 'nested']]],
    ['api', () => ['api', '/orgs/org_demo'], [[], ['-o', 'yaml'], ['--query', 'nested']]],
    [
      'connections generate',
      () => ['connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', '--group-ref', 'g1', '--consumer-ref', 'u1', '--workspace', 'acme', '--api-key-file', file('deep-key.txt', connectionKey)],
      [[], ['-o', 'json'], ['-o', 'yaml'], ['--query', 'nested']],
    ],
  ];
  /** One line of text whatever the format: YAML folds long strings. */
  const flat = (text: string) => text.replace(/\s+/g, ' ');

  for (const mode of ['deep', 'deep-problem'] as const) {
    for (const [name, args, formats] of commands) {
      for (const format of formats) {
        it(`${name} ${format.join(' ') || '(table)'} against ${mode}: exit 1, said in words, no stack trace`, async () => {
          // The table of orgs get in a fresh process too, with its own stack.
          const run = name === 'orgs get' && format.length === 0 ? runIpctl : runInProcess;
          const result = await run([...args(), ...format], { env: deepEnv(mode) });
          expect(result.code, result.stderr.slice(0, 2000)).toBe(1);
          // `api` words it its own way: "nested deeper than 512 levels".
          expect(flat(result.stderr)).toMatch(/nested (too deeply( \(|: )more than|deeper than) 512 levels/);
          expect(result.stderr).not.toMatch(/Maximum call stack|RangeError|internal-error|this is a bug|\n\s+at \S+ \(/);
          expect(result.stdout).toBe('');
        });
      }
    }
  }

  it('the table on a terminal, in color: exit 1, said in words', async () => {
    const result = await runIpctlInTerminal(['orgs', 'get', 'org_demo'], { env: deepEnv('deep') });
    expect(result.code).toBe(1);
    expect(flat(withoutColors(result.stdout))).toContain('nested too deeply: more than 512 levels of arrays and objects');
    expect(result.stdout).not.toMatch(/Maximum call stack|this is a bug/);
  });

  it('a bulk import whose answers are nested too deeply: exit 1, every row recorded, no stack trace', async () => {
    const input = file('deep-rows.jsonl', `${JSON.stringify({ provider: 'pipedrive', groupRef: 'g1', consumerRef: 'u1', providerWorkspaceRef: 'acme', apiKey: connectionKey })}\n`);
    const results = join(files.path, 'deep-rows.results.jsonl');
    const result = await runInProcess(['connections', 'generate', '--project', 'demo', '--from-file', input, '--results', results, '-o', 'json'], { env: deepEnv('deep') });
    expect(result.code).toBe(1);
    expect(flat(`${result.stderr}${existsSync(results) ? readFileSync(results, 'utf8') : ''}`)).toContain('nested too deeply');
    expect(result.stderr).not.toMatch(/Maximum call stack|this is a bug|\n\s+at \S+ \(/);
  });
});
