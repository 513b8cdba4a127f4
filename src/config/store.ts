import { chmodSync, mkdirSync } from 'node:fs';
import Conf from 'conf';
import { ConfigError, UsageError } from '../errors.js';
import { parseConfigText } from './read.js';
import { unknownProfile } from './resolve.js';
import { configDir, configFileName } from './paths.js';
import { type ConfigFile, ConfigFileSchema, type ProfileData } from './schema.js';

const fileMode = 0o600;
const dirMode = 0o700;

/**
 * The profile store: one JSON file kept by conf, checked against the schema
 * on every read. A file that fails the check is reported and left untouched.
 */
export class ProfileStore {
  readonly path: string;
  readonly #dir: string;
  readonly #conf: Conf<ConfigFile>;

  private constructor(dir: string, conf: Conf<ConfigFile>) {
    this.#dir = dir;
    this.#conf = conf;
    this.path = conf.path;
  }

  static open(env: Record<string, string | undefined>): ProfileStore {
    const dir = configDir(env);
    const file = `${dir}/${configFileName}`;
    try {
      mkdirSync(dir, { recursive: true, mode: dirMode });
      const conf = new Conf<ConfigFile>({
        cwd: dir,
        configName: configFileName.replace(/\.json$/, ''),
        configFileMode: fileMode,
        accessPropertiesByDotNotation: false,
        deserialize: (text) => parseConfigText(text, file),
      });
      return new ProfileStore(dir, conf);
    } catch (error) {
      throw asConfigError(error, file);
    }
  }

  read(): ConfigFile {
    try {
      return ConfigFileSchema.parse(this.#conf.store);
    } catch (error) {
      throw asConfigError(error, this.path);
    }
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
  updateProfile(name: string, changes: Partial<ProfileData>): ProfileData {
    const config = this.read();
    const merged: ProfileData = { ...config.profiles[name] };
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) delete merged[key];
      else merged[key] = value;
    }
    config.profiles[name] = merged;
    config.current ??= name;
    this.write(config);
    return merged;
  }

  removeProfile(name: string): void {
    const config = this.read();
    if (!config.profiles[name]) throw unknownProfile(name, Object.keys(config.profiles));
    delete config.profiles[name];
    if (config.current === name) delete config.current;
    this.write(config);
  }

  use(name: string): void {
    const config = this.read();
    if (!config.profiles[name]) throw unknownProfile(name, Object.keys(config.profiles));
    config.current = name;
    this.write(config);
  }

  private write(config: ConfigFile): void {
    mkdirSync(this.#dir, { recursive: true, mode: dirMode });
    chmodSync(this.#dir, dirMode);
    this.#conf.store = config;
    // conf writes with the mode only when it creates the file; keep it private regardless.
    chmodSync(this.path, fileMode);
  }
}

function asConfigError(error: unknown, file: string): Error {
  if (error instanceof ConfigError || error instanceof UsageError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code ? `${code}: ${(error as Error).message}` : (error as Error).message;
  return new ConfigError(`Cannot use the profile file ${file}: ${reason}`);
}
