import type Conf from 'conf';
import { join } from 'node:path';
import { ConfigError, FileWriteError, UsageError, UserError } from '../errors.js';
import type { FileSystem } from '../host-fs.js';
import { isOutOfSpace, linkFile, makeFolder, removeFile, renameDurably, setMode, shortWrite, syncFile, writeBy, writeFailureRemedy, writeFailureText } from '../file-writes.js';
import { type LockHost, type LockOptions, withFileLock } from './lock.js';
import { configPath, keptPath, notAFileHint, parseConfigText, readConfigFile } from './read.js';
import { kindOf, notWritableKind } from '../path-kind.js';
import { unknownProfile } from './resolve.js';
import { configDir, configDirOrigin, configFileName } from './paths.js';
import { checkProfileName, type ConfigFile, ConfigFileSchema, type ProfileData, storedProfile } from './schema.js';

const fileMode = 0o600;
const dirMode = 0o700;

/** Ctrl-C ends a wait for the lock; `waiting` is told when one begins. */
export type StoreWaits = Pick<LockOptions, 'signal' | 'waiting'>;

/**
 * The profile store: one JSON file, checked against the schema on every read.
 * A file that fails the check is reported and left untouched. A change is a
 * read-modify-write under a lock file (lock.ts), written by conf (a temporary
 * file renamed over the old one), read back, and synced to the disk; a file
 * that did not come out whole is replaced by the one before. Readers see the
 * old file or the new one, never half of one, whatever happens in between (a
 * full disk, a killed process, a power loss). Commands that only read use
 * read.ts and never load conf.
 */
export class ProfileStore {
  readonly path: string;
  readonly #dir: string;
  readonly #waits: StoreWaits;
  readonly #host: LockHost;

  private constructor(host: LockHost, dir: string, waits: StoreWaits) {
    this.#host = host;
    this.#dir = dir;
    this.#waits = waits;
    this.path = `${dir}/${configFileName}`;
  }

  static open(host: LockHost, env: Record<string, string | undefined>, waits: StoreWaits = {}): ProfileStore {
    const dir = configDir(env);
    refuseNonFolder(host.fs, dir, configDirOrigin(env));
    try {
      makeFolder(host.fs, dir, dirMode);
    } catch (error) {
      throw asConfigError(error, `${dir}/${configFileName}`);
    }
    return new ProfileStore(host, dir, waits);
  }

  read(): ConfigFile {
    return readConfigFile(this.path);
  }

  profile(name: string): ProfileData | undefined {
    return storedProfile(this.read(), name);
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
      const current = storedProfile(config, name);
      const merged: ProfileData = { ...current };
      for (const [key, value] of Object.entries(changesFor(current))) {
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
      if (!storedProfile(config, name)) throw unknownProfile(name, Object.keys(config.profiles));
      delete config.profiles[name];
      if (config.current === name) delete config.current;
    });
  }

  use(name: string): Promise<void> {
    return this.#change((config) => {
      if (!storedProfile(config, name)) throw unknownProfile(name, Object.keys(config.profiles));
      config.current = name;
    });
  }

  /**
   * Reads, changes and writes the file while holding its lock, so that
   * concurrent changes all land. A change that the file's own schema would
   * refuse is not written: no command may leave a file that the next one rejects.
   */
  #change<T>(change: (config: ConfigFile) => T): Promise<T> {
    try {
      makeFolder(this.#host.fs, this.#dir, dirMode);
    } catch (error) {
      throw asConfigError(error, this.path);
    }
    refuseUnwritable(this.#host.fs, this.path);
    return lockedFileWork(this.#host, this.path, this.#waits, async () => {
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
    const { fs } = this.#host;
    setMode(fs, this.#dir, dirMode);
    sweepLeftovers(fs, this.#dir);
    const text = serialize(config);
    const kept = keepPrevious(fs, this.path);
    try {
      writeBy(fs, this.path, () => {
        confFor(ConfStore, this.#dir, this.path).store = config;
      });
      checkWritten(fs, this.path, text);
      // conf sets the mode when it creates the file; keep it exact whatever the umask did.
      setMode(fs, this.path, fileMode);
      syncFile(fs, this.path);
    } catch (error) {
      restorePrevious(fs, kept, this.path);
      throw error;
    }
    if (kept) removeQuietly(fs, kept);
  }
}

/**
 * A change replaces the file whole (conf renames a new copy over it): a
 * symbolic link would be replaced by a file, and anything else but a regular
 * file cannot be. Either is refused before the lock is taken.
 */
function refuseUnwritable(fs: FileSystem, path: string): void {
  const kind = notWritableKind(fs, path);
  if (kind === undefined) return;
  const link = kind === 'a symbolic link';
  throw new ConfigError(
    `The profile file ${path} is ${kind}; ipctl changes the profile file by writing a new regular file in its place${link ? ', which would replace the link' : ''}.`,
    link ? 'Set IPCTL_CONFIG_DIR to the folder of the file the link points to.' : notAFileHint,
  );
}

/** The profile folder, when something is there, must be a folder (or a link to one). */
function refuseNonFolder(fs: FileSystem, dir: string, origin: string): void {
  let kind: string | undefined;
  try {
    const stats = fs.statSync(dir);
    if (!stats.isDirectory()) kind = kindOf(stats);
  } catch {
    kind = notWritableKind(fs, dir) === 'a symbolic link' ? 'a symbolic link to nothing' : undefined;
  }
  if (kind !== undefined) throw new ConfigError(`The profile folder ${dir} (from ${origin}) is ${kind}, not a folder.`, `Set ${origin} to a folder, or move ${dir} aside.`);
}

/** The file as conf writes it, and as it is checked afterwards. */
function serialize(config: ConfigFile): string {
  return `${JSON.stringify(config, undefined, '\t')}\n`;
}

/**
 * conf, the store's library: it writes the whole file to a temporary copy and
 * renames it into place. The file was just read and checked under the same
 * lock; conf reads it again the same way.
 */
function confFor(ConfStore: typeof Conf, dir: string, path: string): Conf<ConfigFile> {
  return new ConfStore<ConfigFile>({
    cwd: dir,
    configName: configFileName.replace(/\.json$/, ''),
    configFileMode: fileMode,
    accessPropertiesByDotNotation: false,
    serialize,
    deserialize: (text) => parseConfigText(text, path),
  });
}

/**
 * conf does not check that the system stored all it was given: at a full disk
 * or a file-size limit its copy can end short and still be renamed into place.
 * So the file is kept under a second name first (a hard link, so nothing is
 * copied), read back after conf has written it, and put back if it is not
 * what was written. Returns the second name, or undefined when there was no file.
 */
function keepPrevious(fs: FileSystem, path: string): string | undefined {
  if (!fs.existsSync(path)) return undefined;
  const kept = keptPath(path);
  // One left by a run that was killed: the file was just read whole under the lock, so it is newer.
  if (fs.existsSync(kept)) removeFile(fs, kept);
  linkFile(fs, path, kept);
  return kept;
}

function checkWritten(fs: FileSystem, path: string, text: string): void {
  const stored = fs.readFileSync(path);
  const expected = Buffer.from(text, 'utf8');
  if (!stored.equals(expected)) throw shortWrite(path, stored.length, expected.length);
}

/** Puts the kept file back (or removes a first file that was not written whole). */
function restorePrevious(fs: FileSystem, kept: string | undefined, path: string): void {
  try {
    if (kept) renameDurably(fs, kept, path);
    else if (fs.existsSync(path)) removeFile(fs, path);
  } catch (error) {
    if (!kept) throw error;
    throw new FileWriteError(
      `Cannot write the profile file ${path}, nor put the one before back: ${writeFailureText(error)}. The file before this change is kept whole as ${kept}.`,
      `${writeFailureRemedy(error)}, then move it back: mv ${kept} ${path}`,
      (error as NodeJS.ErrnoException).code,
    );
  }
}

function removeQuietly(fs: FileSystem, path: string): void {
  try {
    removeFile(fs, path);
  } catch {
    // Left behind: the next write sweeps it.
  }
}

/**
 * For --force: when the profile file cannot be used (not JSON, or against the
 * schema), renames it to `config.json.corrupt-<time>` (kept, still private)
 * so that a new one can start. Returns the new name, or undefined when the
 * file is missing or fine. A file that cannot be read is left alone.
 */
export async function setAsideCorruptFile(host: LockHost, env: Record<string, string | undefined>, waits: StoreWaits = {}): Promise<string | undefined> {
  const { fs } = host;
  const file = configPath(env);
  if (!fs.existsSync(file)) return undefined;
  refuseUnwritable(fs, file);
  return lockedFileWork(host, file, waits, () => {
    let text: string;
    try {
      text = fs.readFileSync(file).toString('utf8');
    } catch {
      return undefined;
    }
    try {
      parseConfigText(text, file);
      return undefined;
    } catch {
      const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameDurably(fs, file, aside);
      return aside;
    }
  });
}

/**
 * A write makes a temporary copy (`config.json.tmp-<digits and hex>`, 0600)
 * and renames it over the file; a process killed in between leaves the copy,
 * with the credentials in it. The next write, under the same lock, removes any.
 */
function sweepLeftovers(fs: FileSystem, dir: string): void {
  const leftover = new RegExp(`^${configFileName.replace('.', '\\.')}\\.tmp-\\d{10}[a-f0-9]{6}$`);
  for (const name of fs.readdirSync(dir)) {
    if (!leftover.test(name)) continue;
    try {
      removeFile(fs, join(dir, name));
    } catch {
      // Gone already, or not ours to remove: the write goes on.
    }
  }
}

async function lockedFileWork<T>(host: LockHost, file: string, waits: StoreWaits, work: () => T | Promise<T>): Promise<T> {
  try {
    return await withFileLock(host, file, work, waits);
  } catch (error) {
    throw asConfigError(error, file);
  }
}

function asConfigError(error: unknown, file: string): Error {
  if (error instanceof UserError) return error;
  if (isOutOfSpace(error) || (error as NodeJS.ErrnoException).code === 'EIO') {
    return new FileWriteError(`Cannot write the profile file ${file}: ${writeFailureText(error)}; it was left as it was.`, `${writeFailureRemedy(error)}, then run the same command again.`, (error as NodeJS.ErrnoException).code);
  }
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code ? `${code}: ${(error as Error).message}` : (error as Error).message;
  return new ConfigError(`Cannot use the profile file ${file}: ${reason}`);
}
