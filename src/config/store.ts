import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type Conf from 'conf';
import { ConfigError, UsageError, UserError } from '../errors.js';
import { type LockOptions, withFileLock } from './lock.js';
import { configPath, parseConfigText, readConfigFile } from './read.js';
import { unknownProfile } from './resolve.js';
import { configDir, configFileName } from './paths.js';
import { checkProfileName, type ConfigFile, ConfigFileSchema, type ProfileData } from './schema.js';

const fileMode = 0o600;
const dirMode = 0o700;

/** Ctrl-C ends a wait for the lock; `waiting` is told when one begins. */
export type StoreWaits = Pick<LockOptions, 'signal' | 'waiting'>;

/**
 * The profile store: one JSON file, checked against the schema on every read.
 * A file that fails the check is reported and left untouched. A change is a
 * read-modify-write under a lock file (lock.ts), written by conf, which writes
 * a temporary file and renames it over the old one: readers see the old file
 * or the new one, never half of one. Commands that only read use read.ts and
 * never load conf.
 */
export class ProfileStore {
  readonly path: string;
  readonly #dir: string;
  readonly #waits: StoreWaits;

  private constructor(dir: string, waits: StoreWaits) {
    this.#dir = dir;
    this.#waits = waits;
    this.path = `${dir}/${configFileName}`;
  }

  static open(env: Record<string, string | undefined>, waits: StoreWaits = {}): ProfileStore {
    const dir = configDir(env);
    try {
      mkdirSync(dir, { recursive: true, mode: dirMode });
    } catch (error) {
      throw asConfigError(error, `${dir}/${configFileName}`);
    }
    return new ProfileStore(dir, waits);
  }

  read(): ConfigFile {
    return readConfigFile(this.path);
  }

  profile(name: string): ProfileData | undefined {
    return this.read().profiles[name];
  }

  names(): string[] {
    return Object.keys(this.read().profiles).sort();
  }

  current(): string | undefined {
    return this.read().current;
  }

  /** Merges `changes` into the profile (creating it); undefined values remove a key. */
  updateProfile(name: string, changes: Partial<ProfileData>): Promise<ProfileData> {
    return this.updateProfileFrom(name, () => changes);
  }

  /** As updateProfile, with the changes worked out from the profile as it is under the lock (undefined: not there yet). */
  updateProfileFrom(name: string, changesFor: (current: ProfileData | undefined) => Partial<ProfileData>): Promise<ProfileData> {
    checkProfileName(name);
    return this.#change((config) => {
      const merged: ProfileData = { ...config.profiles[name] };
      for (const [key, value] of Object.entries(changesFor(config.profiles[name]))) {
        if (value === undefined) delete merged[key];
        else merged[key] = value;
      }
      config.profiles[name] = merged;
      config.current ??= name;
      return merged;
    });
  }

  removeProfile(name: string): Promise<void> {
    return this.#change((config) => {
      if (!config.profiles[name]) throw unknownProfile(name, Object.keys(config.profiles));
      delete config.profiles[name];
      if (config.current === name) delete config.current;
    });
  }

  use(name: string): Promise<void> {
    return this.#change((config) => {
      if (!config.profiles[name]) throw unknownProfile(name, Object.keys(config.profiles));
      config.current = name;
    });
  }

  /**
   * Reads, changes and writes the file while holding its lock, so that
   * concurrent changes all land. A change that the file's own schema would
   * refuse is not written: no command may leave a file that the next one rejects.
   */
  #change<T>(change: (config: ConfigFile) => T): Promise<T> {
    mkdirSync(this.#dir, { recursive: true, mode: dirMode });
    return lockedFileWork(this.path, this.#waits, async () => {
      // Loaded once the lock is held: conf's atomically hooks SIGINT and SIGTERM (when-exit)
      // and raises them again, which would end a wait for the lock or the keychain without its message.
      const { default: ConfStore } = await import('conf');
      const config = this.read();
      const result = change(config);
      const checked = ConfigFileSchema.safeParse(config);
      if (!checked.success) {
        const where = checked.error.issues.map((issue) => `${issue.path.join('.') || '(top level)'}: ${issue.message}`);
        throw new UsageError(`Not saved: the profile file would be invalid (${where.join('; ')}).`);
      }
      this.write(config, ConfStore);
      return result;
    });
  }

  private write(config: ConfigFile, ConfStore: typeof Conf): void {
    chmodSync(this.#dir, dirMode);
    sweepLeftovers(this.#dir);
    const conf = new ConfStore<ConfigFile>({
      cwd: this.#dir,
      configName: configFileName.replace(/\.json$/, ''),
      configFileMode: fileMode,
      accessPropertiesByDotNotation: false,
      // The file was just read and checked under the same lock; conf checks it again the same way.
      deserialize: (text) => parseConfigText(text, this.path),
    });
    conf.store = config;
    // conf sets the mode when it creates the file; keep it exact whatever the umask did.
    chmodSync(this.path, fileMode);
  }
}

/**
 * For --force: when the profile file cannot be used (not JSON, or against the
 * schema), renames it to `config.json.corrupt-<time>` (kept, still private)
 * so that a new one can start. Returns the new name, or undefined when the
 * file is missing or fine. A file that cannot be read is left alone.
 */
export async function setAsideCorruptFile(env: Record<string, string | undefined>, waits: StoreWaits = {}): Promise<string | undefined> {
  const file = configPath(env);
  if (!existsSync(file)) return undefined;
  return lockedFileWork(file, waits, () => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      parseConfigText(text, file);
      return undefined;
    } catch {
      const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(file, aside);
      return aside;
    }
  });
}

/**
 * conf writes a temporary copy (`config.json.tmp-<digits and hex>`, 0600) and
 * renames it over the file; a process killed in between leaves the copy, with
 * the credentials in it. The next write, under the same lock, removes any.
 */
function sweepLeftovers(dir: string): void {
  const leftover = new RegExp(`^${configFileName.replace('.', '\\.')}\\.tmp-\\d{10}[a-f0-9]{6}$`);
  for (const name of readdirSync(dir)) {
    if (!leftover.test(name)) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      // Gone already, or not ours to remove: the write goes on.
    }
  }
}

async function lockedFileWork<T>(file: string, waits: StoreWaits, work: () => T | Promise<T>): Promise<T> {
  try {
    return await withFileLock(file, work, waits);
  } catch (error) {
    throw asConfigError(error, file);
  }
}

function asConfigError(error: unknown, file: string): Error {
  if (error instanceof UserError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code ? `${code}: ${(error as Error).message}` : (error as Error).message;
  return new ConfigError(`Cannot use the profile file ${file}: ${reason}`);
}
