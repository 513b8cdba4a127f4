import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { complete } from '../../src/completion/engine.js';
import { completionModel } from '../../src/completion/model.js';
import type { Deps } from '../../src/deps.js';
import { buildCommandTree } from '../../src/run.js';

const deps: Deps = {
  stdout: { write: () => true },
  stderr: { write: () => true },
  stdin: { async *[Symbol.asyncIterator]() {} },
  env: {},
  now: () => new Date(),
};
const root = completionModel(await buildCommandTree(deps));
const configDir = mkdtempSync(join(tmpdir(), 'ipctl-complete-'));
writeFileSync(join(configDir, 'config.json'), JSON.stringify({ current: 'b', profiles: { b: {}, a: {} } }));
afterAll(() => rmSync(configDir, { recursive: true, force: true }));

/** The values offered for the last word of `line` (split at spaces; a trailing space starts an empty word). */
async function values(line: string): Promise<string[]> {
  const words = line.split(' ');
  return (await complete(root, words.slice(0, -1), words.at(-1)!, { IPCTL_CONFIG_DIR: configDir })).map((candidate) => candidate.value);
}

describe('the completion engine', () => {
  it('skips the values of flags when finding the command and the argument', async () => {
    expect(await values('--profile a invites l')).toEqual(['list']);
    expect(await values('invites list --status pending ')).toEqual([]);
    expect(await values('profile --profile a use ')).toEqual(['a', 'b']);
  });

  it('knows that --flag=value and -ovalue carry their value', async () => {
    expect(await values('orgs get --output=json ')).toEqual([]);
    expect(await values('orgs get -ojson --j')).toEqual(['--json']);
    expect(await values('orgs get --output=')).toEqual(['--output=table', '--output=wide', '--output=json', '--output=yaml']);
  });

  it('offers a command\'s own flags and the global ones, --version only at the top', async () => {
    const flags = await values('orgs get --');
    expect(flags).toEqual(expect.arrayContaining(['--org', '--output', '--json', '--query', '--help', '--profile', '--base-url', '--no-input']));
    expect(flags).not.toContain('--version');
    expect(flags).not.toContain('--status');
    expect(await values('--v')).toEqual(['--version']);
    expect(await values('invites list --v')).toEqual([]);
  });

  it('treats everything after -- as arguments', async () => {
    expect(await values('profile use -- ')).toEqual(['a', 'b']);
    expect(await values('profile use -- --')).toEqual([]);
  });

  it('offers the values of the argument in that position; a variadic one takes every position after its own', async () => {
    expect(await values('profile show ')).toEqual(['a', 'b']);
    expect(await values('profile show a ')).toEqual([]);
    expect(await values('help ex')).toEqual(['exit-codes']);
    expect(await values('help invites en')).toEqual(['environment']);
  });

  it('describes the current profile', async () => {
    expect(await complete(root, ['--profile'], '', { IPCTL_CONFIG_DIR: configDir })).toEqual([{ value: 'a' }, { value: 'b', description: 'current profile' }]);
  });

  it('offers no profile names when there is no profile file', async () => {
    expect(await complete(root, ['--profile'], '', { IPCTL_CONFIG_DIR: join(configDir, 'missing') })).toEqual([]);
  });

  describe('--where of search', () => {
    const shape = 'FIELD=VALUE or "FIELD eq VALUE"';
    /** The candidates for the filter typed so far, as a shell hands it over (its quoting taken off). */
    const where = (typed: string) => complete(root, ['search', 'Contact', '--group-ref', 'acme-corp', '--where'], typed, {});

    it('offers = and each supported operator after a field, described by their shape', async () => {
      // README, search: FIELD=VALUE and 'FIELD eq VALUE'; eq is the only operator.
      expect(await where('email')).toEqual([
        { value: 'email=', description: 'FIELD=VALUE' },
        { value: 'email eq ', description: 'FIELD eq VALUE' },
      ]);
    });

    it('completes the operator after a field and a space', async () => {
      for (const typed of ['email ', 'email e', 'email eq']) expect(await where(typed)).toEqual([{ value: 'email eq ', description: 'FIELD eq VALUE' }]);
      expect((await where('email E')).map((candidate) => candidate.value)).toEqual(['email Eq ']);
    });

    it('answers the shape alone, as a message with no value, before a field', async () => {
      expect(await where('')).toEqual([{ value: '', description: shape }]);
      // --where=: the message is not made a value by the flag in front of it.
      expect(await complete(root, ['search', 'Contact'], '--where=', {})).toEqual([{ value: '', description: shape }]);
    });

    it('offers nothing once the value has begun, nor after what is not an operator', async () => {
      for (const typed of ['email=', 'email=ada', 'email eq ', 'email eq ada', "email eq 'Ada", 'email ne', 'Full Name', ' ']) {
        expect(await where(typed), JSON.stringify(typed)).toEqual([]);
      }
    });

    it('keeps --where= in front, and finds the flag after other flags and the object', async () => {
      expect(await values('search --where=em')).toEqual(['--where=em=', '--where=em eq ']);
      expect(await values('search --raw Contact --project proj_demo --where em')).toEqual(['em=', 'em eq ']);
      expect(await values('search Contact --where email=ada --where ph')).toEqual(['ph=', 'ph eq ']);
    });
  });
});
