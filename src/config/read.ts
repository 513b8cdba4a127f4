import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../errors.js';
import { kindOf } from '../path-kind.js';
import { configDir, configFileName } from './paths.js';
import { type ConfigFile, ConfigFileSchema } from './schema.js';

export function configPath(env: Record<string, string | undefined>): string {
  return join(configDir(env), configFileName);
}

/**
 * Reads the profile file without opening the full store: what every command
 * that only reads settings needs, at a fraction of the start-up cost. A missing
 * file is an empty configuration.
 */
export function readConfigFile(path: string): ConfigFile {
  let text: string;
  try {
    // Anything but a regular file (or a link to one) is no profile file: a FIFO would hold every command up.
    const stats = statSync(path);
    if (!stats.isFile()) throw new ConfigError(`The profile file ${path} is ${kindOf(stats)}, not a regular file.`, notAFileHint);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !isLink(path)) return { profiles: {} };
    if (code === 'ENOENT') throw new ConfigError(`The profile file ${path} is a symbolic link to nothing.`, notAFileHint);
    throw new ConfigError(`Cannot read the profile file ${path}: ${code ?? (error as Error).message}.`);
  }
  try {
    return parseConfigText(text, path);
  } catch (error) {
    throw withKeptFile(error, path);
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

export const notAFileHint = 'Move it aside; ipctl keeps its profiles in a regular file, and starts a new one where there is none. Or set IPCTL_CONFIG_DIR to another folder.';

/** Where a change keeps the file as it was until the new one is known to be whole (store.ts). */
export function keptPath(path: string): string {
  return `${path}.previous`;
}

/** A change that ended between a write that did not come out whole and putting the file before it back leaves that file whole beside it. */
function withKeptFile(error: unknown, path: string): unknown {
  if (!(error instanceof ConfigError) || !existsSync(keptPath(path))) return error;
  return new ConfigError(error.message, `A change to it did not finish; the file before that change is kept whole: mv ${keptPath(path)} ${path}`);
}

const recoverHint =
  'Fix the file by hand, or move it aside; ipctl leaves it as it is. `ipctl profile add NAME --force` (or auth set-key, set-token or login with --force) moves it aside and starts a new one.';

/** Parses and schema-checks the profile file's text; the error names the file and the bad key, never the content. */
export function parseConfigText(text: string, file: string): ConfigFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // V8's message quotes a slice of the text, which may be a credential: only its kind is kept.
    const kind = /end of JSON input/i.test((error as Error).message) ? 'it ends before the JSON is complete' : 'it has a syntax error';
    throw new ConfigError(`The profile file ${file} is not valid JSON: ${kind}.`, recoverHint);
  }
  const parsed = ConfigFileSchema.safeParse(data);
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(top level)'}: ${issue.message}`);
    throw new ConfigError(`The profile file ${file} is invalid: ${where.join('; ')}.`, recoverHint);
  }
  // The text as parsed, now known valid, rather than the schema's copy: the copy loses a key named `__proto__`
  // (set as a prototype, not copied), and every key ipctl does not own is kept as the user wrote it.
  const checked = data as ConfigFile;
  if (!Object.hasOwn(checked, 'profiles')) checked.profiles = parsed.data.profiles;
  return checked;
}
