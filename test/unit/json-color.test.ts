// JSON at a terminal is coloured as gh and jq colour it; in a pipe, under
// NO_COLOR or --no-color it is plain. The colours are ipctl's own, around text
// whose control characters are already escaped: a server's escape sequence is
// shown as \u001b, never obeyed, with colour on as with colour off.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colorJson } from '../../src/output/json-color.js';
import { useHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';

// ECMA-48 SGR sequences, written out: bold 1/22, dim 2/22, blue 34, cyan 36, green 32, yellow 33, default colour 39.
const sgr = /\x1b\[[0-9;]*m/g;
const boldBlue = (text: string) => `\x1b[1m\x1b[34m${text}\x1b[39m\x1b[22m`;
const green = (text: string) => `\x1b[32m${text}\x1b[39m`;
const cyan = (text: string) => `\x1b[36m${text}\x1b[39m`;
const yellow = (text: string) => `\x1b[33m${text}\x1b[39m`;
const dim = (text: string) => `\x1b[2m${text}\x1b[22m`;

const stubs = useHttpStubs();

const hostileLabel = 'Acme \x1b]8;;https://evil.example\x07click\x1b]8;;\x07 \x1b[31mred\x1b[0m \u009b31m C1 \u202egnp.exe';

async function orgJson(options: { terminal: boolean; env?: Record<string, string>; flags?: string[] }) {
  stubs.register('GET', '/orgs/o1', { status: 200, json: { id: 'o1', label: hostileLabel, count: 3, ok: true, gone: null } });
  const result = await runMain(['orgs', 'get', 'o1', '-o', 'json', ...(options.flags ?? [])], {
    env: { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: 'tok_stub_token', IPCTL_CONFIG_DIR: '/nonexistent/ipctl-stub-config', TERM: 'xterm-256color', ...options.env },
    terminal: { stdout: options.terminal, stderr: options.terminal },
  });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

describe('orgs get -o json', () => {
  it('is coloured at a terminal: keys, strings, numbers, booleans and null', async () => {
    const out = await orgJson({ terminal: true });
    expect(out).toContain(`${boldBlue('"id"')}: ${green('"o1"')}`);
    expect(out).toContain(`${boldBlue('"count"')}: ${cyan('3')}`);
    expect(out).toContain(`${boldBlue('"ok"')}: ${yellow('true')}`);
    expect(out).toContain(`${boldBlue('"gone"')}: ${dim('null')}`);
  });

  it("shows a server's escape sequences as \\u001b text, with colour on: no ESC but ipctl's own colours", async () => {
    const out = await orgJson({ terminal: true });
    expect(out.replace(sgr, '')).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
    expect(out).toContain('\\u001b]8;;https://evil.example\\u0007click');
    expect(JSON.parse(out.replace(sgr, '')).label).toBe(hostileLabel);
  });

  // README "Output": "FORCE_COLOR (other than 0) turns it on even in a pipe"; --no-color wins over it.
  it('is coloured in a pipe under FORCE_COLOR', async () => {
    const out = await orgJson({ terminal: false, env: { FORCE_COLOR: '1' } });
    expect(out).toContain(`${boldBlue('"id"')}: ${green('"o1"')}`);
  });

  it.each([
    ['in a pipe', { terminal: false }],
    ['under FORCE_COLOR=0 at a terminal', { terminal: true, env: { FORCE_COLOR: '0' } }],
    ['with --no-color under FORCE_COLOR', { terminal: false, env: { FORCE_COLOR: '1' }, flags: ['--no-color'] }],
    ['under NO_COLOR', { terminal: true, env: { NO_COLOR: '1' } }],
    ['with --no-color', { terminal: true, flags: ['--no-color'] }],
    ['on a dumb terminal', { terminal: true, env: { TERM: 'dumb' } }],
  ])('is plain %s', async (_where, options) => {
    const out = await orgJson(options);
    expect(out).not.toContain('\x1b');
    expect(JSON.parse(out).label).toBe(hostileLabel);
  });
});

describe('colorJson', () => {
  const chalkLike = { bold: (t: string) => `\x1b[1m${t}\x1b[22m`, dim, red: (t: string) => t, green, blue: (t: string) => `\x1b[34m${t}\x1b[39m`, cyan, yellow };

  it('changes nothing but colours, for any JSON document, and keys stay keys', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value, null, 2);
        const coloured = colorJson(text, chalkLike);
        expect(coloured.replace(sgr, '')).toBe(text);
        // Nothing inside a string is taken for a token: a string is coloured whole, once.
        for (const match of coloured.matchAll(/\x1b\[32m("(?:[^"\\]|\\.)*")\x1b\[39m/g)) expect(() => JSON.parse(match[1]!)).not.toThrow();
      }),
    );
  });

  it('colours a number inside a string as part of the string', () => {
    expect(colorJson('{\n  "a": "1 true null"\n}', chalkLike)).toBe(`{\n  ${boldBlue('"a"')}: ${green('"1 true null"')}\n}`);
  });
});
