// -o ndjson on every command that prints a list: one JSON value a line, the
// same values as -o json's array.
import { beforeAll, describe, expect, it } from 'vitest';
import { ipctl } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();

beforeAll(async () => {
  for (const name of ['ci', 'staging']) expect((await ipctl(['profile', 'add', name], { env: fixture.env() })).code).toBe(0);
});

const lists: Array<[string, string[]]> = [
  ['invites list', ['invites', 'list', 'org_demo']],
  ['profile list', ['profile', 'list']],
];

describe('-o ndjson', () => {
  for (const [name, args] of lists) {
    it(`${name}: one JSON value a line, as -o json's array holds them`, async () => {
      const json = await ipctl([...args, '-o', 'json'], { env: fixture.env() });
      const ndjson = await ipctl([...args, '-o', 'ndjson'], { env: fixture.env() });
      expect([json.code, ndjson.code]).toEqual([0, 0]);
      const items = JSON.parse(json.stdout) as unknown[];
      expect(items.length).toBeGreaterThan(1);
      expect(ndjson.stdout.endsWith('\n')).toBe(true);
      expect(ndjson.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual(items);
    });
  }
});
