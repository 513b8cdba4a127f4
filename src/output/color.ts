import type { OutputStream } from '../deps.js';

/**
 * The color policy: --no-color wins; FORCE_COLOR (other than 0/false) turns
 * color on; NO_COLOR turns it off; otherwise color only on a terminal.
 */
export function colorLevel(stream: OutputStream, env: Record<string, string | undefined>, flagAllowsColor: boolean): 0 | 1 | 2 | 3 {
  if (!flagAllowsColor) return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    if (force === '2' || force === '3') return Number(force) as 2 | 3;
    return 1;
  }
  if (env.NO_COLOR) return 0;
  if (!stream.isTTY || env.TERM === 'dumb') return 0;
  return 1;
}
