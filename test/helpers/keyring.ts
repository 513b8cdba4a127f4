// A real Secret Service for the keychain tests: gnome-keyring on a private
// D-Bus session bus, started once per test file (keyring-session.sh), and
// secret-tool to look at what ipctl stored.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, tempDir } from './cli.js';

/** The programs the keychain tests need, with the Debian package of each. */
const programs = [
  ['dbus-run-session', 'dbus-daemon (Debian: dbus)'],
  ['gnome-keyring-daemon', 'gnome-keyring'],
  ['secret-tool', 'libsecret-tools'],
  ['dbus-send', 'dbus-bin (Debian: dbus)'],
] as const;

/** Why the keychain tests cannot run here, or undefined when they can. */
export function keyringMissing(): string | undefined {
  const missing = programs.filter(([program]) => !onPath(program)).map(([program, provider]) => `${program} (${provider})`);
  return missing.length > 0 ? `not installed: ${missing.join(', ')}` : undefined;
}

function onPath(program: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface KeyringSession {
  /** What a process needs to reach this Secret Service. */
  env: Record<string, string>;
  /** The secret stored under service `ipctl` for `account` (keyring's `username` attribute), or '' when there is none. */
  lookup(account: string): string;
  /** The process ID of the Secret Service (gnome-keyring-daemon), as the bus knows it: for tests that stop it for a while. */
  daemonPid(): number;
  /** Stores a throwaway secret and returns once the keyring has answered: everything sent to it before has been dealt with. */
  roundTrip(): void;
  close(): Promise<void>;
}

/** Starts the Secret Service, unlocked with a test password; `locked`: with no keyring unlocked, and none to prompt with. */
export async function startKeyringSession(options: { locked?: boolean } = {}): Promise<KeyringSession> {
  const home = tempDir('ipctl-keyring-');
  const runtime = join(home.path, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home.path, XDG_DATA_HOME: join(home.path, 'data'), XDG_RUNTIME_DIR: runtime };
  const child = spawn('dbus-run-session', ['--', 'sh', join(repoRoot, 'test/helpers/keyring-session.sh')], {
    env: { ...env, IPCTL_TEST_KEYRING_LOCKED: options.locked ? '1' : '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const address = await busAddress(child);
  const sessionEnv = { ...env, DBUS_SESSION_BUS_ADDRESS: address };
  return {
    env: sessionEnv,
    lookup: (account) => {
      try {
        return execFileSync('secret-tool', ['lookup', 'service', 'ipctl', 'username', account], { env: sessionEnv, encoding: 'utf8' });
      } catch {
        return ''; // secret-tool exits 1 when there is no such item
      }
    },
    daemonPid: () => {
      const reply = execFileSync(
        'dbus-send',
        ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.GetConnectionUnixProcessID', 'string:org.freedesktop.secrets'],
        { env: sessionEnv, encoding: 'utf8' },
      );
      const pid = Number(/uint32 (\d+)/.exec(reply)?.[1]);
      if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no Secret Service on the bus: ${reply}`);
      return pid;
    },
    roundTrip: () => {
      execFileSync('secret-tool', ['store', '--label', 'probe', 'service', 'ipctl-test-probe', 'username', 'probe'], { env: sessionEnv, input: 'probe' });
    },
    close: async () => {
      const ended = new Promise((resolve) => child.on('close', resolve));
      child.stdin.end();
      await ended;
      home.remove();
    },
  };
}

function busAddress(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /^DBUS_SESSION_BUS_ADDRESS=(.+)$/m.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.on('close', (code) => reject(new Error(`the keyring session ended (exit ${code}) before it started: ${stderr}`)));
  });
}
