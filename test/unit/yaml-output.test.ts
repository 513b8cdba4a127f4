// -o yaml means what it says: a YAML 1.1 reader (PyYAML, Ruby, older Go and
// Java libraries) and a YAML 1.2 one both read every string back as that
// string. The lists below are written from the specs' own resolvers
// (https://yaml.org/type/ for 1.1, the core schema of 1.2), not from ipctl.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { toYaml } from '../../src/output/yaml.js';
import { useHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';

const spec = {
  'bool (1.1)': ['y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'on', 'On', 'ON', 'off', 'Off', 'OFF'],
  'int (1.1)': ['0', '-1', '+1', '685230', '+685_230', '1_000', '0b1010_0111', '-0b1', '0x_0A_74_AE', '0x1F', '-0x1f', '02472256', '0777', '017', '190:20:30', '-190:20:30', '1:00'],
  'float (1.1)': ['1.5', '.5', '-.5', '+1.5', '1.', '6.8523015e+5', '685.230_15e+03', '685_230.15', '190:20:30.15', '.inf', '-.inf', '+.inf', '.Inf', '.INF', '-.Inf', '.nan', '.NaN', '.NAN'],
  'int and float (1.2 core, not 1.1)': ['1e3', '1E3', '-1e-3', '+1e+3', '0o17', '0o777', '12e03'],
  null: ['~', 'null', 'Null', 'NULL', ''],
  'timestamp (1.1)': ['2001-12-14', '2002-12-14', '2001-12-14t21:59:43.10-05:00', '2001-12-14 21:59:43.10 -5', '2001-12-15T02:59:43.1Z', '2001-12-15 2:59:43.10'],
  'merge and value keys (1.1)': ['<<', '='],
  // The yaml package's 1.1 schema reads an exponent without a mantissa as a float (NaN, shown as null).
  'exponent alone (yaml 1.1)': ['e0', 'E5', 'e+5', 'e-12'],
  'YAML syntax': [' \nindented first line', 'a\n  indented line', '- item', '-', '? key', '?', ': value', 'key: value', 'ends with a colon:', '# comment', 'text # comment', '&anchor', '*alias', '!tag', '!!str', '%YAML 1.2', '---', '...', '|', '>', "'quoted'", '"quoted"', '[a, b]', '{a: b}', ',comma', '@at', '`tick', ' leading space', 'trailing space '],
};
const mustBeQuoted = Object.values(spec).flat();

/** Characters a reader would break a line at (U+2028, U+2029, NEL) or that show nothing. */
const invisible = ['line\u2028separator', 'para\u2029graph', 'next\u0085line', '\u200e', '\u200f', '\u200e\u200f', '\u061c', '\u202e', '\u2066\u2069', 'zero\u200bwidth', 'non\u200cjoiner', 'joiner\u200d', 'word\u2060joiner', '\ufeff', '\ufeffbom'];
const invisibleRaw = /[\u2028\u2029\u0085\u200b-\u200f\u061c\u202a-\u202e\u2066-\u2069\u2060\ufeff]/;

/** Read back as YAML 1.1 and as YAML 1.2. */
function readBack(text: string): [unknown, unknown] {
  return [parse(text, { version: '1.1' }), parse(text, { version: '1.2' })];
}

describe('-o yaml quotes every string a YAML reader would take as something else', () => {
  for (const [kind, strings] of Object.entries(spec)) {
    it(`${kind}: quoted as a value, a list item and a key, and read back as the same string by YAML 1.1 and 1.2`, () => {
      for (const text of strings) {
        const data = { value: text, list: [text], keys: { [text]: 'x' } };
        const output = toYaml(data);
        const lines = output.split('\n');
        expect(lines[0], `value ${JSON.stringify(text)} in\n${output}`).toMatch(/^value: ["'|]/);
        expect(lines[2], `list item ${JSON.stringify(text)} in\n${output}`).toMatch(/^ {2}- ["'|]/);
        expect(lines[4], `key ${JSON.stringify(text)} in\n${output}`).toMatch(/^ {2}["'?]/);
        expect(readBack(output)).toEqual([data, data]);
      }
    });
  }

  it('leaves words, names, IDs and URLs plain', () => {
    const plain = ['org_demo', 'Demo Org', 'salesforce', 'Analyst (read only)', 'https://hooks.example.com/ipctl', 'café', 'yesterday', 'nobody', 'online', 'Ontario', 'nullable', 'alice@example.com'];
    const output = toYaml(plain);
    expect(output).toBe(plain.map((text) => `- ${text}\n`).join(''));
    expect(readBack(output)).toEqual([plain, plain]);
  });

  it('writes U+2028, U+2029, NEL, bidi and zero-width characters as escapes in double quotes, read back as the same string', () => {
    for (const text of invisible) {
      const data = { value: text, keys: { [text]: text } };
      const output = toYaml(data);
      expect(output, JSON.stringify(text)).not.toMatch(invisibleRaw);
      expect(output.split('\n')[0], JSON.stringify(text)).toMatch(/^value: "(?:[^"\\]|\\[uLPN_])*"$/);
      expect(readBack(output)).toEqual([data, data]);
    }
    expect(toYaml(['a\u2028b'])).toBe('- "a\\u2028b"\n');
  });

  it('writes each number in a form both YAML 1.1 and 1.2 read as that number', () => {
    // https://yaml.org/type/int.html and float.html (decimal forms), and the 1.2 core schema's.
    const yaml11 = /^(?:[-+]?(?:0|[1-9][0-9_]*)|[-+]?(?:[0-9][0-9_]*)?\.[0-9.]*(?:[eE][-+][0-9]+)?)$/;
    const yaml12 = /^(?:[-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$/;
    const numbers = [0, 3, -42, 0.5, -0.25, 1234567890123, 1e21, 1e-7, -2e-9, 1.5e-7, 6.02e23];
    const output = toYaml(numbers);
    for (const line of output.trimEnd().split('\n')) {
      const written = line.replace(/^- /, '');
      expect(written, line).toMatch(yaml11);
      expect(written, line).toMatch(yaml12);
    }
    expect(readBack(output)).toEqual([numbers, numbers]);
  });

  it('reads every string back as itself, whatever its characters (YAML 1.1 and 1.2)', () => {
    const tricky = fc.constantFrom('y', 'n', 'o', 'N', '0', '1', 'x', 'e', '.', '_', ':', '-', '#', '~', '<', '=', ' ', '\n', '\t', '"', "'", '\\', '\u2028', '\u0085', '\u200b', '\u200e', '\u202e', '\u001b', '\ufeff', 'é', '漢');
    const text = fc.string({ unit: fc.oneof(tricky, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), maxLength: 12 });
    fc.assert(
      fc.property(fc.dictionary(text, fc.oneof(text, fc.array(text, { maxLength: 3 })), { maxKeys: 4 }), (data) => {
        expect(readBack(toYaml(data))).toEqual([data, data]);
      }),
      { numRuns: 400 },
    );
  });
});

describe('-o yaml through a command, as run() prints it', () => {
  const stubs = useHttpStubs();

  const env = () => ({ IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: 'tok_stub_token', IPCTL_CONFIG_DIR: '/nonexistent/ipctl-stub-config', NO_COLOR: '1' });

  async function orgsGet(org: Record<string, unknown>, ...flags: string[]) {
    stubs.register('GET', '/orgs/o1', { status: 200, json: org });
    const result = await runMain(['orgs', 'get', 'o1', '-o', 'yaml', ...flags], { env: env() });
    stubs.verify();
    return result;
  }

  it('prints the org with every string read back as itself by YAML 1.1 and 1.2, keys included', async () => {
    const org = { id: 'o1', label: 'on', strings: [...mustBeQuoted, ...invisible], byKey: Object.fromEntries(mustBeQuoted.map((text) => [text, text])) };
    const result = await orgsGet(org);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('label: "on"\n');
    expect(result.stdout).not.toMatch(invisibleRaw);
    expect(readBack(result.stdout)).toEqual([org, org]);
  });

  it.each([
    ['on', 'on'],
    ['0x10', '0x10'],
    ['2024-05-18T08:45:00Z', '2024-05-18T08:45:00Z'],
    ['', ''],
    ['a: b # c', 'a: b # c'],
  ])('--query of one string (%j) prints it bare, as a shell variable wants it', async (label, shown) => {
    const result = await orgsGet({ id: 'o1', label }, '--query', 'label');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${shown}\n`);
  });

  it('--query of one string shows its control characters, as any text', async () => {
    const result = await orgsGet({ id: 'o1', label: 'Acme\u001b[2J\u009b31m' }, '--query', 'label');
    expect(result.stdout).toBe('Acme\\x1b[2J\\x9b31m\n');
  });

  it('--query of a list of strings is still YAML, each quoted where it must be', async () => {
    const result = await orgsGet({ id: 'o1', tags: ['yes', 'no', 'plain'] }, '--query', 'tags');
    expect(result.stdout).toBe('- "yes"\n- "no"\n- plain\n');
  });

  it('writes a problem document in YAML read back as the same strings', async () => {
    stubs.register('GET', '/orgs/o1', { status: 404, json: { type: 'about:blank', title: 'off', status: 404, detail: '0777' } });
    const result = await runMain(['orgs', 'get', 'o1', '-o', 'yaml', '--retries', '0'], { env: env() });
    expect(result.code).toBe(3);
    for (const document of readBack(result.stderr)) expect(document).toMatchObject({ title: 'off', detail: '0777', status: 404 });
  });
});
