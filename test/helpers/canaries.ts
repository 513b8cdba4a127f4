// Checks that no secret reached an output. Each secret a test makes up is a
// canary: distinctive, so that finding one anywhere is certainly a leak.
import { expect } from 'vitest';

/** No text holds "canary" in any case: for tests whose every secret carries the word. */
export function expectNoCanary(...texts: string[]): void {
  for (const text of texts) expect(text).not.toMatch(/canary/i);
}

/** No text holds any of the canaries, as it is. */
export function expectNoneOf(canaries: readonly string[], ...texts: string[]): void {
  for (const text of texts) for (const canary of canaries) expect(text).not.toContain(canary);
}
