// Every number and every URL a person gives ipctl, over generated values: a
// number is plain decimal within its documented range, or exit 2 naming the
// flag or variable and the range, with nothing sent; a URL is refused with
// exit 2 naming where it came from, or requests go to exactly the URL it
// names. The ranges and the rule are written here from the docs (README,
// docs/environment.md, docs/commands.md, docs/commands/connections-bulk.md,
// docs/decisions.md "Numbers are written in plain decimal"), not imported.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { domainToASCII } from 'node:url';
import fc from 'fast-check';
import { Agent, Dispatcher } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/host-clock.js';
import { tempDir } from '../helpers/cli.js';
import { type InProcessRun, runMain, testClock } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { fuzzParameters } from './arbitraries.js';

const fixture = useFixture({ clearFaults: true });
const files = tempDir('ipctl-numbers-urls-');
let serial = 0;

afterAll(() => {
  files.remove();
});

/** The longest delay a Node timer takes; a longer one fires at once, a busy loop in waiting. */
const timerLimitMs = 2 ** 31 - 1;

/** A host clock whose waits take no time, keeping every wait and every timer asked for. */
function recordingClock() {
  const inner = testClock();
  const timers: number[] = [];
  const clock: Clock = {
    now: () => inner.now().getTime(),
    sleep: inner.sleep,
    setTimeout: (fn, ms, options) => {
      timers.push(ms);
      const timer = setTimeout(fn, Math.min(ms, timerLimitMs));
      if (options?.unref) timer.unref();
      return timer;
    },
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    setInterval: (fn, ms) => {
      timers.push(ms);
      return setInterval(fn, ms).unref();
    },
    clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
  };
  return { clock, now: inner.now, timers, waits: inner.waits };
}

// ---------------------------------------------------------------------------
// Numbers

/** A number setting as the docs give it: its name, its range, and the digits a fraction may have (seconds are to the millisecond). */
interface NumberSetting {
  name: string;
  min: string;
  max: string;
  decimals: number;
}

/**
 * The value the docs say `text` stands for, or undefined when they say it is refused:
 * decimal digits 0-9, then at most one point with 1 to `decimals` digits, within min and max.
 */
function documentedValue(text: string, setting: NumberSetting): number | undefined {
  const digits = (part: string) => part !== '' && [...part].every((character) => '0123456789'.includes(character));
  const [whole = '', fraction, ...more] = text.split('.');
  if (more.length > 0 || !digits(whole)) return undefined;
  if (fraction !== undefined && (!digits(fraction) || fraction.length > setting.decimals)) return undefined;
  const value = Number(text);
  return value >= Number(setting.min) && value <= Number(setting.max) ? value : undefined;
}

/** The texts every run of a number property tries first: the bounds and one past, every other notation, whitespace, other digits. */
function numberExamples(setting: NumberSetting): Array<[string]> {
  const min = Number(setting.min);
  const max = Number(setting.max);
  const step = setting.decimals === 0 ? 1 : 0.001;
  const near = [min, max, min - step, max + step, min + step, max - step, min - 1, max + 1, max * 2].map((value) => String(Number(value.toFixed(6))));
  const decorated = [' ', '\t', '\n', '\r\n', '\u00a0', '\u200b', '\u0000'].flatMap((space) => [`${space}${setting.max}`, `${setting.max}${space}`]);
  return [...new Set([...near, ...oddNumbers(max), ...decorated, `+${setting.max}`, `${setting.max}.`, `0${setting.max}`])].map((text) => [text]);
}

function oddNumbers(max: number): string[] {
  return [
    '0', '-0', '00', '010', '0010', '1', '2', '1e3', '1E3', '1e-9', '1e+1', '9e-323', '1e309', '0x10', '0X1F', '0o10', '0b10', 'NaN', 'Infinity', '-Infinity', '',
    '+1', '-1', '.5', '5.', '0.5', '1.5', '0.0001', '0.001', '0.0005', '2.25', '1.000', '1.0000', '1_000', '1,000', '1 000', '٣', '３', '𝟑', '²',
    '2147483647', '2147483648', '4294967296', '99999999999999999999', `${max}.0001`, `${max}.000`,
  ];
}

/** Numbers as people and programs write them: the examples above, and generated ones, bare or with something around them. */
function numberTexts(setting: NumberSetting): fc.Arbitrary<string> {
  const max = Number(setting.max);
  const base = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...numberExamples(setting).map(([text]) => text)) },
    { weight: 2, arbitrary: fc.integer({ min: -2, max: Math.min(max * 2 + 2, 2 ** 40) }).map(String) },
    { weight: 1, arbitrary: fc.tuple(fc.nat({ max: Math.ceil(max) + 1 }), fc.stringMatching(/^[0-9]{1,5}$/)).map(([whole, fraction]) => `${whole}.${fraction}`) },
    { weight: 1, arbitrary: fc.double({ min: -1, max: max * 2 }).map(String) },
  );
  return fc.oneof(
    { weight: 3, arbitrary: base },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(' ', '\t', '\n', '\u00a0', '+', '-', '_', '0x', '\u200b'), base, fc.constantFrom('', ' ', '\n', '\r\n', 's', '.', 'e0', '\u200b', '\u0000'))
        .map(([before, text, after]) => `${before}${text}${after}`),
    },
    { weight: 1, arbitrary: fc.tuple(base, fc.constantFrom(' ', '\t', '\n', '%', 'ms', '.0')).map(([text, after]) => `${text}${after}`) },
  );
}

/** A refusal as the README promises: exit 2, the flag or variable and its range named, no stack, nothing on stdout, nothing sent. */
async function expectRefused(result: InProcessRun, setting: NumberSetting, label: string): Promise<void> {
  expect(result.code, label).toBe(2);
  expect(result.stderr, label).toContain(setting.name);
  expect(result.stderr, label).toContain(`from ${setting.min} to ${setting.max}`);
  expect(result.stderr, label).not.toMatch(/\bat .*\.(ts|js):\d+/);
  expect(result.stdout, label).toBe('');
  expect(await fixture.requests(), label).toEqual([]);
}

/** fast-check counts its examples among the runs: these run first, then `runs` generated ones. */
function withExamples<T>(runs: number, examples: T[]): fc.Parameters<T> {
  const parameters = fuzzParameters(runs);
  return { ...parameters, numRuns: examples.length + (parameters.numRuns ?? runs), examples } as fc.Parameters<T>;
}

/** Checks `check` for every example of `setting`'s texts, then for `runs` generated ones, each against a sandbox with no faults queued and an empty request log. */
function forEveryText(setting: NumberSetting, runs: number, check: (text: string) => Promise<void>): Promise<void> {
  const property = fc.asyncProperty(numberTexts(setting), async (text) => {
    await freshRun();
    await check(text);
  });
  return fc.assert(property, withExamples(runs, numberExamples(setting)));
}

async function freshRun(): Promise<void> {
  await fixture.clearFaults();
  await fixture.clearRequests();
}

/** Gives `text` to `setting`: as the flag's value, or as the variable (an empty variable is as good as unset). */
function given(setting: NumberSetting, text: string): { args: string[]; env: Record<string, string> } {
  return setting.name.startsWith('--') ? { args: [setting.name, text], env: {} } : { args: [], env: { [setting.name]: text } };
}

/** `providers get salesforce`, which needs no credential, on the host clock given. */
function providerGet(host: ReturnType<typeof recordingClock>, args: string[], env: Record<string, string>): Promise<InProcessRun> {
  return runMain(['providers', 'get', 'salesforce', ...args], { env: fixture.env(env), hostClock: host.clock, now: host.now });
}

/** A recording clock for a run whose next `times` provider reads are answered 503, retryable. */
async function clockWithFailingReads(times: number): Promise<ReturnType<typeof recordingClock>> {
  await fixture.addFaults({ getProvider: [{ kind: 'status', status: 503, retryable: true, times }] });
  return recordingClock();
}

const label = (setting: NumberSetting, text: string) => `${setting.name} ${JSON.stringify(text)}`;

describe('a number is plain decimal within its documented range, or exit 2 naming it, nothing sent', { timeout: 240_000 }, () => {
  // README (Global flags), docs/environment.md: seconds to wait for each answer, to the millisecond, at most an hour.
  it.each([
    { name: '--timeout', min: '0.001', max: '3600', decimals: 3 },
    { name: 'IPCTL_TIMEOUT', min: '0.001', max: '3600', decimals: 3 },
  ])('$name: each answer is waited for exactly that long, never past a timer\'s limit', async (setting) => {
    await forEveryText(setting, 45, async (text) => {
      const host = recordingClock();
      const { args, env } = given(setting, text);
      const result = await providerGet(host, ['--retries', '0', '-o', 'json', ...args], env);
      const value = setting.name.startsWith('IPCTL_') && text === '' ? 30 : documentedValue(text, setting);
      if (value === undefined) return expectRefused(result, setting, label(setting, text));
      // A timeout shorter than the sandbox takes to answer is reached: exit 5, saying how long was waited (README, Exit codes).
      if (result.code === 5) expect(result.stderr, label(setting, text)).toContain(`No answer within ${value} s`);
      else expect(JSON.parse(result.stdout), `${label(setting, text)}: ${result.stderr}`).toMatchObject({ name: 'salesforce' });
      expect(host.timers, label(setting, text)).toContain(Math.round(value * 1000));
      expect(Math.max(...host.timers, ...host.waits)).toBeLessThanOrEqual(timerLimitMs);
    });
  });

  // README (Global flags), docs/environment.md: retries of a failed request, 0 to 10.
  it.each([
    { name: '--retries', min: '0', max: '10', decimals: 0 },
    { name: 'IPCTL_RETRIES', min: '0', max: '10', decimals: 0 },
  ])('$name: a request that keeps failing is sent that many times more', async (setting) => {
    await forEveryText(setting, 40, async (text) => {
      const host = await clockWithFailingReads(12);
      const { args, env } = given(setting, text);
      const result = await providerGet(host, args, { IPCTL_RETRY_MAX_WAIT: '3600', ...env });
      const value = setting.name.startsWith('IPCTL_') && text === '' ? 3 : documentedValue(text, setting);
      if (value === undefined) return expectRefused(result, setting, label(setting, text));
      expect(result.code, `${label(setting, text)}: ${result.stderr}`).toBe(5);
      expect((await fixture.requests()).filter((request) => request.operation === 'getProvider')).toHaveLength(value + 1);
    });
  });

  // docs/environment.md: the most seconds spent waiting between retries (0 to 3600), the first backoff (0 to 60).
  it.each([
    { name: 'IPCTL_RETRY_MAX_WAIT', min: '0', max: '3600', decimals: 3 },
    { name: 'IPCTL_RETRY_BACKOFF', min: '0', max: '60', decimals: 3 },
  ])('$name: no wait before a retry is longer than it allows', async (setting) => {
    await forEveryText(setting, 30, async (text) => {
      const host = await clockWithFailingReads(1);
      const result = await providerGet(host, [], { IPCTL_RETRIES: '1', IPCTL_RETRY_BACKOFF: '1', [setting.name]: text });
      const value = text === '' ? undefined : documentedValue(text, setting);
      if (value === undefined && text !== '') return expectRefused(result, setting, label(setting, text));
      expect([0, 5], `${label(setting, text)}: ${result.stderr}`).toContain(result.code);
      const limitMs = value === undefined ? timerLimitMs : Math.round(value * 1000);
      for (const wait of host.waits) expect(wait, label(setting, text)).toBeLessThanOrEqual(limitMs);
      expect(Math.max(0, ...host.timers, ...host.waits)).toBeLessThanOrEqual(timerLimitMs);
    });
  });

  /** A bulk import of two rows in a file of its own, with the flags given. */
  async function bulkImport(more: string[], host: ReturnType<typeof recordingClock>, env: Record<string, string> = {}): Promise<InProcessRun> {
    serial += 1;
    const rows = [1, 2].map((row) => JSON.stringify({ provider: 'pipedrive', groupRef: `numbers-${serial}-${row}`, consumerRef: `u-${row}`, providerWorkspaceRef: 'acme', apiKey: `pd_numbers_${serial}_${row}` }));
    const input = join(files.path, `rows-${serial}.jsonl`);
    writeFileSync(input, `${rows.join('\n')}\n`);
    const args = ['connections', 'generate', '--project', 'demo', '--from-file', input, '--results', join(files.path, `results-${serial}.jsonl`), '-o', 'json', ...more];
    return runMain(args, { env: fixture.env(env), hostClock: host.clock, now: host.now, timeoutMs: 30_000 });
  }

  const created = async () => (await fixture.requests()).filter((request) => request.operation === 'generateConnection').length;

  // docs/commands/connections-bulk.md: requests in flight at once, 1 to 64.
  it('--concurrency: a bulk import runs with it', async () => {
    const setting = { name: '--concurrency', min: '1', max: '64', decimals: 0 };
    await forEveryText(setting, 20, async (text) => {
      const result = await bulkImport([setting.name, text], recordingClock());
      if (documentedValue(text, setting) === undefined) return expectRefused(result, setting, label(setting, text));
      expect(result.code, `${label(setting, text)}: ${result.stderr}`).toBe(0);
      expect(await created()).toBe(2);
    });
  });

  // docs/commands/connections-bulk.md: at most N requests a second, evenly spaced (1000/N ms apart), a positive number.
  it('--rate: a bulk import waits at most 1000/N ms between requests, never past a timer\'s limit', async () => {
    const setting = { name: '--rate', min: '0.001', max: '100000', decimals: 3 };
    await forEveryText(setting, 20, async (text) => {
      const host = recordingClock();
      const result = await bulkImport([setting.name, text], host);
      const value = documentedValue(text, setting);
      if (value === undefined) return expectRefused(result, setting, label(setting, text));
      expect(result.code, `${label(setting, text)}: ${result.stderr}`).toBe(0);
      expect(await created()).toBe(2);
      for (const wait of host.waits) expect(wait, label(setting, text)).toBeLessThanOrEqual(Math.ceil(1000 / value));
      expect(Math.max(0, ...host.timers, ...host.waits)).toBeLessThanOrEqual(timerLimitMs);
    });
  });

  // docs/commands/connections-bulk.md: --shard I/N, I from 1 to N, N from 1 to 1000.
  it('--shard I/N: the import takes shard I of N as written, or exit 2 naming --shard', async () => {
    const total = { name: '--shard', min: '1', max: '1000', decimals: 0 };
    const part = numberTexts(total);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.tuple(part, part), fc.tuple(part, fc.constantFrom('4', '1000'))), async ([indexText, totalText]) => {
        await freshRun();
        const text = `${indexText}/${totalText}`;
        const result = await bulkImport(['--shard', text], recordingClock());
        const count = documentedValue(totalText, total);
        const index = count === undefined ? undefined : documentedValue(indexText, { ...total, max: String(count) });
        if (index === undefined || count === undefined) {
          expect(result.code, text).toBe(2);
          expect(result.stderr, text).toContain('--shard');
          expect(result.stderr, text).toMatch(/I\/N|from 1 to/);
          expect(await fixture.requests(), text).toEqual([]);
          return;
        }
        expect(result.code, `${text}: ${result.stderr}`).toBe(0);
        expect(JSON.parse(result.stdout)).toMatchObject({ shard: `${index}/${count}` });
      }),
      withExamples(20, [...numberExamples(total).map(([text]): [[string, string]] => [[text, '4']]), ...numberExamples(total).map(([text]): [[string, string]] => [['1', text]])]),
    );
  });

  // docs/commands/connections-bulk.md, CI matrices: --shard auto reads IPCTL_SHARD_INDEX (from 1) and IPCTL_SHARD_TOTAL (at most 1000).
  it('--shard auto: IPCTL_SHARD_INDEX names shard I of 4, or exit 2 naming the variable and the range', async () => {
    const setting = { name: 'IPCTL_SHARD_INDEX', min: '1', max: '4', decimals: 0 };
    await forEveryText(setting, 20, async (text) => {
      const result = await bulkImport(['--shard', 'auto'], recordingClock(), { IPCTL_SHARD_INDEX: text, IPCTL_SHARD_TOTAL: '4' });
      const index = documentedValue(text, setting);
      if (index === undefined) {
        expect(result.code, label(setting, text)).toBe(2);
        expect(result.stderr, label(setting, text)).toContain('IPCTL_SHARD_INDEX');
        expect(result.stderr, label(setting, text)).toMatch(/counts from 1, up to IPCTL_SHARD_TOTAL|is set but IPCTL_SHARD_INDEX is not/);
        expect(await fixture.requests(), label(setting, text)).toEqual([]);
        return;
      }
      expect(result.code, `${label(setting, text)}: ${result.stderr}`).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ shard: `${index}/4` });
    });
  });

  // docs/sandbox.md, `ipctl sandbox --help`: the port to listen on, 0 for any free one, up to 65535.
  it('sandbox --port: the sandbox listens there, or exit 2 naming --port', async () => {
    const setting = { name: '--port', min: '0', max: '65535', decimals: 0 };
    await forEveryText(setting, 25, async (text) => {
      const result = await runMain(['sandbox', '--host', '127.0.0.1', '--port', text, '--json'], { env: fixture.env(), signal: AbortSignal.abort() });
      const value = documentedValue(text, setting);
      if (value === undefined) return expectRefused(result, setting, label(setting, text));
      // A port another program holds is exit 1, said as such; else the sandbox listened where asked.
      if (result.code === 1) return expect(result.stderr).toMatch(/in use|permission|EACCES|EADDRINUSE/i);
      expect(result.code, `${label(setting, text)}: ${result.stderr}`).toBe(0);
      const port = Number(new URL(JSON.parse(result.stdout.trim().split('\n')[0]!).baseUrl).port);
      if (value === 0) expect(port).toBeGreaterThan(0);
      else expect(port).toBe(value);
    });
  });
});

// ---------------------------------------------------------------------------
// URLs

/** A dispatcher that keeps the origin and path of every request, then sends it on to the sandbox. */
class RecordingDispatcher extends Dispatcher {
  readonly seen: Array<{ origin: string; path: string }> = [];
  readonly #agent = new Agent({ pipelining: 0 });

  constructor(readonly target: string) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    this.seen.push({ origin: String(options.origin), path: options.path });
    return this.#agent.dispatch({ ...options, origin: this.target }, handler);
  }

  override async close(): Promise<void> {
    await this.#agent.close();
  }
}

/** A URL as written, and what the docs say it names: the origin and the path requests are joined to, or nothing when it is refused. */
interface WrittenUrl {
  text: string;
  names?: { origin: string; path: string };
}

const hosts: Array<[written: string, host: string]> = [
  ['127.0.0.1', '127.0.0.1'],
  ['localhost', 'localhost'],
  ['api.example.com', 'api.example.com'],
  ['API.Example.COM', 'api.example.com'],
  ['bücher.example', domainToASCII('bücher.example')],
  ['[::1]', '[::1]'],
  ['[2001:db8::1]', '[2001:db8::1]'],
];
/** Ports, and whether one is refused: 0 reaches nothing, 65536 is no port. */
const ports: Array<[written: string, refused: boolean]> = [['', false], [':4510', false], [':1', false], [':65535', false], [':0', true], [':65536', true], [':99999', true]];
/** Paths, as written and as requests are joined to them (trailing slashes dropped), or refused (a . or .. step, in any spelling). */
const paths: Array<[written: string, joined: string | null]> = [
  ['', ''], ['/', ''], ['/v1', '/v1'], ['/v1/', '/v1'], ['/v1//', '/v1'], ['/integrations/v1', '/integrations/v1'], ['/v%31', '/v%31'], ['/a%20b/v1', '/a%20b/v1'],
  ['/caf%C3%A9', '/caf%C3%A9'], ['/v1.', '/v1.'], ['/x/../v1', null], ['/./v1', null], ['/v1/.', null], ['/%2e%2e/v1', null], ['/v1/%2E', null],
];
/** What spoils a URL wherever it is put: around it, or inside it. */
const spoilers = ['', ' ', '\t', '\n', '\r\n', '\u0000', '\u001b', '\u007f', '\u0085', '\u00a0', '\u200b', '\u00ad', '\u202e', '\ufeff'];

interface UrlParts {
  scheme: string;
  host: [written: string, host: string];
  port: [written: string, refused: boolean];
  path: [written: string, joined: string | null];
  before: string;
  after: string;
  inside: string;
  tail: string;
}

const plainParts: UrlParts = { scheme: 'http', host: hosts[0]!, port: [':4510', false], path: ['/v1', '/v1'], before: '', after: '', inside: '', tail: '' };
const userinfo = ['user:pw@', 'user@', '@', ':@'];
const tails = ['?x=1', '?', '#top', '#', '/?'];

function composed({ scheme, host: [writtenHost, host], port: [writtenPort, badPort], path: [writtenPath, joined], before, after, inside, tail }: UrlParts): WrittenUrl {
  const text = `${before}${scheme}://${inside}${writtenHost}${writtenPort}${writtenPath}${tail}${after}`;
  const refused = before !== '' || after !== '' || inside !== '' || tail !== '' || badPort || joined === null;
  const defaultPort = scheme.toLowerCase() === 'https' ? ':443' : ':80';
  const port = writtenPort === '' || writtenPort === defaultPort ? '' : writtenPort;
  return { text, names: refused ? undefined : { origin: `${scheme.toLowerCase()}://${host}${port}`, path: joined! } };
}

/** Odd forms that are never a base URL: no scheme, another scheme, slashes missing or backwards, an address the parser rewrites. */
const neverUrls = [
  '127.0.0.1:4510/v1', '//127.0.0.1:4510/v1', 'api.example.com/v1', 'ftp://api.example.com/v1', 'file:///v1', 'javascript:alert(1)', 'ws://api.example.com/v1',
  'http:api.example.com/v1', 'http:/api.example.com/v1', 'http:///api.example.com/v1', 'http:\\\\api.example.com\\v1', 'http://api.example.com\\v1', 'http://0x7f.1:4510/v1',
  'http://127.1:4510/v1', 'http://2130706433/v1', 'http://0177.0.0.1/v1', 'http://', 'http://:4510/v1', '', ' ', 'https://[::1/v1', 'http://exa mple.com/v1',
];

/** Every part varied alone from a plain URL, and every odd form: what each run of the URL property tries first. */
function urlExamples(): Array<[WrittenUrl]> {
  const varied: Array<Partial<UrlParts>> = [
    {},
    ...['https', 'HTTP', 'Https'].map((scheme) => ({ scheme })),
    ...hosts.map((host) => ({ host })),
    ...ports.map((port) => ({ port })),
    ...paths.map((path) => ({ path })),
    ...spoilers.flatMap((spoiler) => [{ before: spoiler }, { after: spoiler }, { path: [`/v1${spoiler}`, spoiler === '' ? '/v1' : null] as UrlParts['path'] }]),
    ...userinfo.flatMap((inside) => [{ inside }, { inside, host: hosts[2]! }]),
    ...tails.map((tail) => ({ tail })),
  ];
  return [...varied.map((parts): [WrittenUrl] => [composed({ ...plainParts, ...parts })]), ...neverUrls.map((text): [WrittenUrl] => [{ text }])];
}

const writtenUrl: fc.Arbitrary<WrittenUrl> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({
        scheme: fc.constantFrom('http', 'https', 'HTTP', 'Https'),
        host: fc.constantFrom(...hosts),
        port: fc.constantFrom(...ports),
        path: fc.constantFrom(...paths),
        before: fc.constantFrom(...spoilers, '', '', ''),
        after: fc.constantFrom(...spoilers, '', '', ''),
        inside: fc.constantFrom('', '', '', '', ...userinfo),
        tail: fc.constantFrom('', '', '', '', ...tails),
      })
      .map(composed),
  },
  { weight: 2, arbitrary: fc.constantFrom(...neverUrls).map((text) => ({ text })) },
);

/** Where a URL is put: the flag, the variable, or the profile in use (written to its file by hand). */
type UrlSource = 'flag' | 'env' | 'profile';

function placed(source: UrlSource, setting: 'baseUrl' | 'searchUrl', text: string, configDir: string): { args: string[]; env: Record<string, string>; origin: RegExp } {
  const flag = setting === 'baseUrl' ? '--base-url' : '--search-url';
  const variable = setting === 'baseUrl' ? 'IPCTL_BASE_URL' : 'IPCTL_SEARCH_URL';
  if (source === 'flag') return { args: [flag, text], env: {}, origin: new RegExp(flag) };
  if (source === 'env') return { args: [], env: { [variable]: text }, origin: new RegExp(variable) };
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ current: 'odd', profiles: { odd: { [setting]: text } } }), { mode: 0o600 });
  // The profile, or the file's own key where the file's schema refuses the value first.
  return { args: [], env: { [variable]: '' }, origin: new RegExp(`profile "odd"|profiles\\.odd\\.${setting}|"${setting}"`) };
}

describe('a URL is refused with exit 2 naming where it came from, or requests go to exactly the URL it names', { timeout: 240_000 }, () => {
  it.each([
    ['baseUrl', 'flag'],
    ['baseUrl', 'env'],
    ['baseUrl', 'profile'],
    ['searchUrl', 'flag'],
    ['searchUrl', 'env'],
    ['searchUrl', 'profile'],
  ] as const)('%s from the %s', async (setting, source) => {
    // A profile file is written for each run, in a folder of its own; from the flag or the variable, every
    // run shares one empty folder, checked empty after each (making and removing hundreds cost seconds).
    const shared = source === 'profile' ? undefined : tempDir('ipctl-url-');
    await fc.assert(
      fc.asyncProperty(writtenUrl, async ({ text, names: named }) => {
        let names = named;
        const config = shared ?? tempDir('ipctl-url-');
        const dispatcher = new RecordingDispatcher(new URL(fixture.sandbox.baseUrl).origin);
        try {
          const where = placed(source, setting, text, config.path);
          // The base URL is used by `providers get`; the search URL by `ipctl api --search`.
          const command = setting === 'baseUrl' ? ['providers', 'get', 'salesforce'] : ['api', '--search', '/records'];
          const result = await runMain([...command, '--retries', '0', ...where.args], { env: { ...fixture.env(where.env), IPCTL_CONFIG_DIR: config.path }, dispatcher });
          const shown = JSON.stringify(text);
          // An empty variable is as good as unset: the built-in default is used (docs/profiles.md, Resolution order).
          if (source === 'env' && text === '') names = { origin: 'http://127.0.0.1:4510', path: setting === 'baseUrl' ? '/v1' : '/search/v1' };
          if (!names) {
            expect(result.code, `${shown}: ${result.stderr}`).toBe(2);
            expect(result.stderr, shown).toMatch(where.origin);
            expect(result.stderr, shown).not.toMatch(/\bat .*\.(ts|js):\d+/);
            expect(dispatcher.seen, shown).toEqual([]);
            return;
          }
          expect(result.code, `${shown}: ${result.stderr}`).not.toBe(2);
          expect(result.code, `${shown}: ${result.stderr}`).not.toBe(70);
          const tail = setting === 'baseUrl' ? '/providers/salesforce' : '/records';
          expect(dispatcher.seen, shown).toEqual([{ origin: names.origin, path: `${names.path}${tail}` }]);
        } finally {
          await dispatcher.close();
          if (shared) expect(readdirSync(shared.path)).toEqual([]);
          else config.remove();
        }
      }),
      withExamples(60, urlExamples()),
    );
    shared?.remove();
  });
});
