import { Chalk, type ChalkInstance } from 'chalk';
import type { OutputStream } from '../deps.js';
import { colorLevel } from './color.js';

export function chalkFor(stream: OutputStream, env: Record<string, string | undefined>, flagAllowsColor: boolean): ChalkInstance {
  return new Chalk({ level: colorLevel(stream, env, flagAllowsColor) });
}
