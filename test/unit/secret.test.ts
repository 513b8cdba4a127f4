import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { redact, Secret } from '../../src/config/secret.js';

const value = 'sk_live_0123456789abcdefWXYZ';

describe('Secret', () => {
  it('shows only its last four characters, however it is printed', () => {
    const secret = new Secret(value);
    expect(String(secret)).toBe('****WXYZ');
    expect(`${secret}`).toBe('****WXYZ');
    expect(JSON.stringify({ secret })).toBe('{"secret":"****WXYZ"}');
    expect(inspect({ secret })).not.toContain(value);
    expect(secret.reveal()).toBe(value);
  });

  it('keeps a visible prefix redacted, as in a Bearer header', () => {
    const header = new Secret(value).withPrefix('Bearer ');
    expect(header.reveal()).toBe(`Bearer ${value}`);
    expect(String(header)).toBe('Bearer ****WXYZ');
  });

  it('shows nothing of a short secret', () => {
    expect(redact('short')).toBe('****');
    expect(redact('exactly12chr')).toBe('****2chr');
  });
});
