// Hostile values for the fuzz tests, and how many runs to make. The seed is
// fixed so that the suite is repeatable; FUZZ_SEED=random (or a number) and
// FUZZ_RUNS=N explore further.
import fc from 'fast-check';

const deepJson = `${'['.repeat(5000)}${']'.repeat(5000)}`;

/** Values that break naive parsers, plus values that are valid somewhere, so both paths are taken. */
const hostileConstants = [
  '', ' ', '\t', '\n', '\r\n', '-', '--', '---', '-1', '0', '00', '1', '65536', '1e309', '-0', 'NaN', 'Infinity', '0x10', '3600.0001', '0.000001',
  '../../../etc/passwd', '/dev/null', '@', '@/nonexistent', '=x', 'a=b', 'a=', 'a:=[1', 'a:={"x":1}', 'k=@/dev/null', 'k=-', ':=', '==',
  'http://127.0.0.1:1/v1', 'https://[::1', 'http://example.invalid/v1', 'ftp://x', 'javascript:alert(1)', '%00', '%ZZ', '%2F..%2F',
  '\u202e\u0000\u0007', '\u0000', '\ud800', '\uffff', 'x'.repeat(100_000), '{"a":', 'null', '[]', '{}', deepJson,
  '$(reboot)', '`id`', "'; DROP TABLE x; --", '<script>', 'org_demo', 'salesforce', 'default', 'json', 'table', 'ndjson', 'pending', 'demo', 'proj_demo',
];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileConstants) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()).map(String) },
);

/**
 * Content for a file a flag reads, or `path:` and a kind of path that is hostile
 * in itself (stdin, a link to /dev/null or /dev/zero, a missing file, a folder,
 * nothing). The test makes every path inside its own temporary folder, since a
 * command may write beside what it reads (connections generate --from-file).
 */
export const hostileFileContent: fc.Arbitrary<string | Uint8Array | null> = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }),
  fc.constantFrom(
    null,
    '{',
    deepJson,
    '{"getOrg":[{"kind":"status","status":503,"retryable":true}]}',
    '{"*":[{"kind":"hang","times":1000}]}',
    '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n',
    'path:-',
    'path:null',
    'path:zero',
    'path:missing',
    'path:folder',
    'path:',
  ),
);

function seed(): number {
  const given = process.env.FUZZ_SEED;
  if (given === 'random') return Date.now() ^ (Math.random() * 0x7fffffff);
  return given ? Number(given) : 20251121;
}

/** fast-check parameters: a repeatable seed, `runs` runs (times FUZZ_RUNS_FACTOR), no time-based limits. */
export function fuzzParameters(runs: number): fc.Parameters<unknown> & { seed: number } {
  const factor = Number(process.env.FUZZ_RUNS_FACTOR ?? 1);
  return { seed: seed(), numRuns: Math.max(1, Math.round(runs * factor)), endOnFailure: true };
}
