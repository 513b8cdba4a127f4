import { join } from 'node:path';

type Env = Record<string, string | undefined>;

/** $IPCTL_CONFIG_DIR, else $XDG_CONFIG_HOME/ipctl, else ~/.config/ipctl, on every OS. */
export function configDir(env: Env): string {
  return userDir(env, 'IPCTL_CONFIG_DIR', 'XDG_CONFIG_HOME', '.config');
}

/** The variable configDir took the folder from, for messages. */
export function configDirOrigin(env: Env): string {
  return env.IPCTL_CONFIG_DIR ? 'IPCTL_CONFIG_DIR' : env.XDG_CONFIG_HOME ? 'XDG_CONFIG_HOME' : 'HOME';
}

/** Where compiled code is cached: $IPCTL_CACHE_DIR, else $XDG_CACHE_HOME/ipctl, else ~/.cache/ipctl. */
export function cacheDir(env: Env): string {
  return userDir(env, 'IPCTL_CACHE_DIR', 'XDG_CACHE_HOME', '.cache');
}

/** ipctl's own variable, else the XDG base directory's ipctl/, else the same under the home directory. */
function userDir(env: Env, own: string, xdg: string, inHome: string): string {
  if (env[own]) return env[own];
  if (env[xdg]) return join(env[xdg], 'ipctl');
  // node:os only when HOME is not set.
  return join(env.HOME || process.getBuiltinModule('node:os').homedir(), inHome, 'ipctl');
}

export const configFileName = 'config.json';
