import { join } from 'node:path';

/** $IPCTL_CONFIG_DIR, else $XDG_CONFIG_HOME/ipctl, else ~/.config/ipctl, on every OS. */
export function configDir(env: Record<string, string | undefined>): string {
  if (env.IPCTL_CONFIG_DIR) return env.IPCTL_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'ipctl');
  // node:os only when HOME is not set.
  return join(env.HOME || process.getBuiltinModule('node:os').homedir(), '.config', 'ipctl');
}

export const configFileName = 'config.json';
