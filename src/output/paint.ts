import type { OutputStream } from '../deps.js';
import { colorLevel } from './color.js';

/** The styles ipctl's output uses: chalk's, when color is on. */
export interface Paint {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  blue(text: string): string;
  cyan(text: string): string;
  yellow(text: string): string;
}

const unchanged = (text: string) => text;
/** No color: the text as it is. */
export const plain: Paint = { bold: unchanged, dim: unchanged, red: unchanged, green: unchanged, blue: unchanged, cyan: unchanged, yellow: unchanged };

/**
 * The styles for a stream under the color policy (see colorLevel). chalk is
 * loaded only when color is on: a pipe, a file or NO_COLOR never pays for it.
 */
export async function paintFor(stream: OutputStream, env: Record<string, string | undefined>, flagAllowsColor: boolean): Promise<Paint> {
  const level = colorLevel(stream, env, flagAllowsColor);
  if (level === 0) return plain;
  const { Chalk } = await import('chalk');
  return new Chalk({ level });
}
