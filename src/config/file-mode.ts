// The profile file's permissions, checked as ssh checks a private key's: a
// file holding credentials that other users can read is said to be so.
import { statSync } from 'node:fs';
import type { ConfigFile } from './schema.js';

/**
 * The warning for a profile file that holds credentials (a key or a token,
 * not just a mark that they are in the keychain) and that the group or others
 * can read; undefined when there is none to give. Windows has no such modes.
 */
export function exposedFileWarning(path: string, config: ConfigFile, platform: string = process.platform): string[] | undefined {
  if (platform === 'win32' || !holdsCredentials(config)) return undefined;
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
  const readers = [mode & 0o040 ? 'its group' : '', mode & 0o004 ? 'every user' : ''].filter(Boolean);
  if (readers.length === 0) return undefined;
  return [
    `Warning: the profile file ${path} holds credentials and can be read by ${readers.join(' and ')} (mode ${mode.toString(8).padStart(4, '0')}); only you should be able to read it.`,
    `Fix it with: chmod 600 ${shellQuoted(path)}`,
  ];
}

function holdsCredentials(config: ConfigFile): boolean {
  return Object.values(config.profiles).some((profile) => profile.apiKey !== undefined || profile.token !== undefined);
}

function shellQuoted(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}
