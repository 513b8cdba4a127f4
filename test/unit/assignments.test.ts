import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { parseAssignment } from '../../src/input/assignments.js';

describe('parseAssignment', () => {
  it('reads KEY=VALUE, KEY:=JSON, KEY=@PATH, KEY=- and KEY:=@PATH as the flag allows', () => {
    const rules = { json: true, files: true };
    expect(parseAssignment('role=LOADER', '--custom', rules)).toEqual({ key: 'role', kind: 'text', value: 'LOADER' });
    expect(parseAssignment('scopes:=["a","b"]', '--custom', rules)).toEqual({ key: 'scopes', kind: 'json', value: ['a', 'b'] });
    expect(parseAssignment('password=@pw.txt', '--custom', rules)).toEqual({ key: 'password', kind: 'file', path: 'pw.txt' });
    expect(parseAssignment('password=-', '--custom', rules)).toEqual({ key: 'password', kind: 'file', path: '-' });
    expect(parseAssignment('key:=@key.json', '--custom', rules)).toEqual({ key: 'key', kind: 'json-file', path: 'key.json' });
    expect(parseAssignment('key:=-', '--custom', rules)).toEqual({ key: 'key', kind: 'json-file', path: '-' });
    // Without file rules, @ and - are plain text.
    expect(parseAssignment('note=@home', '--metadata')).toEqual({ key: 'note', kind: 'text', value: '@home' });
  });

  it('names the flag for a missing =, a bad key, or JSON where it is not accepted', () => {
    expect(() => parseAssignment('oops', '--metadata')).toThrow(new UsageError('--metadata "oops": expected KEY=VALUE.'));
    expect(() => parseAssignment('1x=y', '--metadata')).toThrow(UsageError);
    expect(() => parseAssignment('a:=1', '--metadata')).toThrow('--metadata a: KEY:=JSON is not accepted here; use KEY=VALUE.');
  });

  it('refuses a JSON value nested deeper than 512 levels, which every walk over it would pay for in stack', () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(parseAssignment(`x:=${nested(512)}`, '--custom', { json: true })).toMatchObject({ key: 'x', kind: 'json' });
    expect(() => parseAssignment(`x:=${nested(30_000)}`, '--custom', { json: true })).toThrow('--custom x: the value after := is nested too deeply (more than 512 levels of arrays and objects).');
  });
});
