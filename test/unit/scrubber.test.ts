import { describe, expect, it } from 'vitest';
import { Scrubber } from '../../src/output/scrubber.js';

/** README, What ipctl never prints: credentials it sent "become `[redacted]`". */
const redactedMark = '[redacted]';

const scrubberOf = (...values: string[]) => {
  const scrubber = new Scrubber();
  for (const value of values) scrubber.add(value);
  return scrubber;
};

describe('Scrubber', () => {
  it('leaves text alone when it knows no credential', () => {
    expect(new Scrubber().scrub('sk_live_CANARY_123456')).toBe('sk_live_CANARY_123456');
  });

  it('replaces a credential wherever it appears, and the forms JSON and URLs give it', () => {
    const scrubber = scrubberOf('p@ss "word" 12345678');
    expect(scrubber.scrub('a p@ss "word" 12345678 b')).toBe(`a ${redactedMark} b`);
    expect(scrubber.scrub('{"password":"p@ss \\"word\\" 12345678"}')).toBe(`{"password":"${redactedMark}"}`);
    expect(scrubber.scrub('?q=p%40ss%20%22word%22%2012345678&x=1')).toBe(`?q=${redactedMark}&x=1`);
  });

  it('replaces the forms other servers escape it in: \\/ (PHP), \\u003c and \\u00e4 (Go, Python), lowercase %-hex', () => {
    const slashed = 'Zm9vYmFyYmF6/cXV4K2Z1Z2E+bG9uZ2tleQ==';
    expect(scrubberOf(slashed).scrub('{"echo":"Zm9vYmFyYmF6\\/cXV4K2Z1Z2E+bG9uZ2tleQ=="}')).toBe(`{"echo":"${redactedMark}"}`);
    const marked = 'pä<ss>&wörd-123';
    expect(scrubberOf(marked).scrub('"p\\u00e4\\u003css\\u003e\\u0026w\\u00f6rd-123"')).toBe(`"${redactedMark}"`);
    const encoded = 'a/b=c?d+e 1234';
    expect(scrubberOf(encoded).scrub('q=a%2fb%3dc%3fd%2be%201234')).toBe(`q=${redactedMark}`);
  });

  it('forgets one credential without letting through another that shares a part with it', () => {
    const key = 'sk_shared_part_ABCDEFGH';
    const scrubber = scrubberOf(key, `alice:${key}`);
    scrubber.forget(`alice:${key}`);
    expect(scrubber.scrub(`key=${key}`)).toBe(`key=${redactedMark}`);
    expect(scrubber.scrub('alice:')).toBe('alice:');
  });

  it('replaces the long parts of a credential on their own (a JWT segment, half of user:password)', () => {
    const scrubber = scrubberOf('alice-admin:CorrectHorseBattery');
    expect(scrubber.scrub('user alice-admin, password CorrectHorseBattery')).toBe(`user ${redactedMark}, password ${redactedMark}`);
  });

  it('replaces the longest credential where several start at one place, and overlapping ones as one', () => {
    const scrubber = scrubberOf('tok_ABCDEFGH', 'tok_ABCDEFGH_more_of_it');
    expect(scrubber.scrub('[tok_ABCDEFGH_more_of_it] [tok_ABCDEFGH]')).toBe(`[${redactedMark}] [${redactedMark}]`);
    const overlapping = scrubberOf('xyz1abcdEF', 'cdEFGHIJKL');
    expect(overlapping.scrub('..xyz1abcdEFGHIJKL..')).toBe(`..${redactedMark}..`);
  });

  it('leaves short values, which would be ordinary text, alone', () => {
    expect(scrubberOf('abc').scrub('abc abc')).toBe('abc abc');
  });

  it('lets a credential through again once forgotten', () => {
    const scrubber = scrubberOf('sk_forgotten_12345678', 'sk_kept_123456789');
    scrubber.forget('sk_forgotten_12345678');
    expect(scrubber.scrub('sk_forgotten_12345678 sk_kept_123456789')).toBe(`sk_forgotten_12345678 ${redactedMark}`);
  });

  it('holds a credential a row for many rows sharing one opening, and still finds each', () => {
    const tokens = Array.from({ length: 20_000 }, (_, row) => `rt_live_${String(row).padStart(8, '0')}_CANARY`);
    const scrubber = scrubberOf(...tokens);
    const text = tokens.filter((_, row) => row % 997 === 0).join('\n');
    expect(scrubber.scrub(text)).toBe(tokens.filter((_, row) => row % 997 === 0).map(() => redactedMark).join('\n'));
    expect(scrubber.scrub('rt_live_ but not a token')).toBe('rt_live_ but not a token');
  });

  it('finds credentials with many different openings, as a bulk import sends them', () => {
    const keys = Array.from({ length: 300 }, (_, row) => `${row.toString(36).padStart(4, 'q')}-key-${String(row).padStart(6, '0')}`);
    const scrubber = scrubberOf(...keys);
    const chosen = keys.filter((_, row) => row % 37 === 0);
    expect(scrubber.scrub(chosen.map((key) => `row ${key} done`).join('\n'))).toBe(chosen.map(() => `row ${redactedMark} done`).join('\n'));
    expect(scrubber.scrub(`${keys[5]!.slice(0, 10)} is only the start of one`)).toBe(`${keys[5]!.slice(0, 10)} is only the start of one`);
  });

  it('with few credentials, passes a text that opens like one but holds none, and finds one at its very end', () => {
    const scrubber = scrubberOf('sk_live_ABCDEFGH12345');
    expect(scrubber.scrub('sk_live_ is how keys begin')).toBe('sk_live_ is how keys begin');
    expect(scrubber.scrub('the key: sk_live_ABCDEFGH12345')).toBe(`the key: ${redactedMark}`);
  });
});

describe('credentials kept as text, with many different openings', () => {
  it('are found however many openings they have (past the few a quick search looks for)', () => {
    const scrubber = new Scrubber();
    // Eight credentials, each of twelve dot-separated parts: well over a hundred different openings.
    const credentials = Array.from({ length: 8 }, (_, credential) => Array.from({ length: 12 }, (_, part) => `p${credential}${String.fromCharCode(97 + part)}x${part}q${credential}zz`).join('.'));
    for (const credential of credentials) scrubber.add(credential);
    for (const credential of credentials) {
      const parts = credential.split('.');
      const text = `echoed: ${credential} and ${parts[5]} alone`;
      const scrubbed = scrubber.scrub(text);
      expect(scrubbed).not.toContain(parts[0]);
      expect(scrubbed).not.toContain(parts[5]);
      expect(scrubbed.startsWith('echoed: ')).toBe(true);
    }
  });
});
