import { describe, expect, it } from 'vitest';
import { Secret } from '../../src/config/secret.js';
import { append, buildBody, type Field, isSecretField, parseField, parseKey, queryParameters, typedSource } from '../../src/request/fields.js';

function field(text: string, flag: '-f' | '-F' = '-f'): Field {
  const parsed = parseField(text, flag);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
}

/** The body the fields build, each literal value as given. */
function body(...texts: Array<string | [string, '-F']>) {
  return buildBody(
    texts.map((text) => {
      const parsed = Array.isArray(text) ? field(text[0], text[1]) : field(text);
      return { field: parsed, value: parsed.source.kind === 'literal' ? parsed.source.value : `file:${parsed.source.path}` };
    }),
  );
}

describe('parseKey', () => {
  it('reads a name, nested keys and array steps', () => {
    expect(parseKey('name')).toEqual(['name']);
    expect(parseKey('destination[metadata][url]')).toEqual(['destination', 'metadata', 'url']);
    expect(parseKey('updateMask[]')).toEqual(['updateMask', append]);
    expect(parseKey('filters[][fieldName]')).toEqual(['filters', append, 'fieldName']);
    expect(parseKey('a.b-c_d')).toEqual(['a.b-c_d']);
  });

  it('refuses what is not a key', () => {
    for (const key of ['', '[a]', 'a[b', 'a]b', 'a[b]c', 'a[[b]]', 'a[][]']) expect(parseKey(key)).toBeUndefined();
  });
});

describe('parseField', () => {
  it('takes -f values as strings, always', () => {
    expect(field('n=42').source).toEqual({ kind: 'literal', value: '42' });
    expect(field('b=true').source).toEqual({ kind: 'literal', value: 'true' });
    expect(field('f=@file').source).toEqual({ kind: 'literal', value: '@file' });
    expect(field('e=').source).toEqual({ kind: 'literal', value: '' });
    expect(field('q=a=b').source).toEqual({ kind: 'literal', value: 'a=b' });
  });

  it('types -F values: numbers, true, false, null, @PATH and @-', () => {
    expect(typedSource('42')).toEqual({ kind: 'literal', value: 42 });
    expect(typedSource('-1500')).toEqual({ kind: 'literal', value: -1500 });
    expect(typedSource('9007199254740991')).toEqual({ kind: 'literal', value: 9007199254740991 });
    expect(typedSource('0.25')).toEqual({ kind: 'literal', value: 0.25 });
    expect(typedSource('true')).toEqual({ kind: 'literal', value: true });
    expect(typedSource('false')).toEqual({ kind: 'literal', value: false });
    expect(typedSource('null')).toEqual({ kind: 'literal', value: null });
    expect(typedSource('@body.txt')).toEqual({ kind: 'file', path: 'body.txt' });
    expect(typedSource('@-')).toEqual({ kind: 'file', path: '-' });
    // Not numbers: leading zeros, a plus sign, hex, words.
    for (const text of ['007', '+1', '0x10', '1.', 'True', 'NaN', 'Infinity', 'eu-central-1']) expect(typedSource(text)).toEqual({ kind: 'literal', value: text });
  });

  it('keeps as strings the numbers JSON would not hold exactly', () => {
    // Beyond the safe integers, a fraction that reads back otherwise, exponents (1e400 is Infinity).
    for (const text of ['12345678901234567890', '9007199254740993', '-9007199254740992', '1.50', '0.10000000000000000001', '1e400', '-1.5e3', '1E5', '-0']) {
      expect(typedSource(text)).toEqual({ kind: 'literal', value: text });
    }
  });

  it('names the flag when there is no = or no key', () => {
    expect(parseField('oops', '-f')).toEqual({ problem: expect.stringContaining('-f "oops": expected key=value') });
    expect(parseField('a[=1', '-F')).toEqual({ problem: expect.stringContaining('-F "a[": not a key') });
  });
});

describe('buildBody', () => {
  it('nests keys and builds arrays, as gh does', () => {
    const { body: built, problems } = body('destination[name]=x', 'destination[metadata][region]=eu', 'updateMask[]=name', 'updateMask[]=metadata.region');
    expect(problems).toEqual([]);
    expect(built).toEqual({ destination: { name: 'x', metadata: { region: 'eu' } }, updateMask: ['name', 'metadata.region'] });
  });

  it('builds arrays of objects: a key the last object has starts the next one', () => {
    const { body: built } = body('f[][fieldName]=city', 'f[][value]=Berlin', 'f[][fieldName]=Industry', 'f[][value]=Tech');
    expect(built).toEqual({ f: [{ fieldName: 'city', value: 'Berlin' }, { fieldName: 'Industry', value: 'Tech' }] });
  });

  it('keeps typed values and puts a Secret in place as it is', () => {
    const secret = new Secret('sk_live_0123456789abcdef');
    const parsed = field('destination[secrets][password]=@pw.txt', '-F');
    const { body: built } = buildBody([
      { field: field('n=3', '-F'), value: 3 },
      { field: field('ok=true', '-F'), value: true },
      { field: field('none=null', '-F'), value: null },
      { field: parsed, value: secret },
    ]);
    expect(built).toEqual({ n: 3, ok: true, none: null, destination: { secrets: { password: secret } } });
    expect(JSON.stringify(built)).not.toContain('0123456789abcdef');
  });

  it('reports a key given twice, and a key that is both a value and an object or array', () => {
    expect(body('a=1', 'a=2').problems).toEqual(['-f a: a is given twice']);
    expect(body('a=1', 'a[b]=2').problems).toEqual(['-f a[b]: a already holds a value that is not an object']);
    expect(body('a[b]=1', 'a[]=2').problems).toEqual(['-f a[]: a already holds a value that is not an array']);
  });

  it('treats __proto__ as a key like any other', () => {
    const { body: built } = body('__proto__[polluted]=yes');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(built)).toBe('{"__proto__":{"polluted":"yes"}}');
  });
});

describe('isSecretField', () => {
  it('knows keys that name secrets, the destination secrets and credential headers', () => {
    const secret = ['apiKey', 'oauth2AuthorizationCode[refreshToken][token]', 'customAuth[clientSecret]', 'destination[secrets][uri]', 'destination[secrets][awsKeyId]', 'basicAuth[password]', 'destination[metadata][headers][Authorization]', 'destination[metadata][headers][X-Api-Key]', 'private_key'];
    for (const key of secret) expect([key, isSecretField(parseKey(key)!)]).toEqual([key, true]);
  });

  it('lets ordinary fields through', () => {
    const plain = ['name', 'destination[name]', 'destination[metadata][routingKey]', 'destination[metadata][keyTemplate]', 'destination[metadata][headers][X-Source]', 'groupRef', 'updateMask[]', 'tokenCount[]'];
    for (const key of plain) expect([key, isSecretField(parseKey(key)!)]).toEqual([key, false]);
  });
});

describe('queryParameters', () => {
  it('keeps each key as typed, and writes null as empty', () => {
    expect(queryParameters([{ field: field('groupRef=acme'), value: 'acme' }, { field: field('ids[]=1', '-F'), value: 1 }, { field: field('x=null', '-F'), value: null }])).toEqual([
      ['groupRef', 'acme'],
      ['ids[]', '1'],
      ['x', ''],
    ]);
  });
});
