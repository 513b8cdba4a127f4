import { InterruptedError, UserError, exitCodes } from '../errors.js';
import { standaloneExecutable } from '../installation.js';
import { seconds } from '../schema/numbers.js';
import { capitalize } from '../words.js';

/** The service name every credential of ipctl is kept under in the OS keychain. */
const keychainService = 'ipctl';

import type { CredentialKey } from './credential-keys.js';
import { numberSetting } from './network.js';

export type { CredentialKey };

export type KeychainOperation = { op: 'get'; account: string } | { op: 'set'; account: string; value: string } | { op: 'delete'; account: string };

export interface KeychainRequest {
  service: string;
  operations: KeychainOperation[];
}

/** One operation's outcome: error when it failed, value for get (undefined: no such entry), deleted for delete. */
export interface KeychainAnswer {
  /** Why it failed, in ipctl's words. */
  error?: string;
  /** The keychain library's own words for it, shown only with --debug. */
  detail?: string;
  value?: string;
  deleted?: boolean;
}

/** The keychain account of a profile's credential: `default:apiKey`. */
export function keychainAccount(profile: string, key: CredentialKey): string {
  return `${profile}:${key}`;
}

/** What the OS calls its credential store, for messages. */
export function keychainName(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'the Windows Credential Manager';
  return 'the Secret Service keyring (D-Bus)';
}

const defaultTimeoutSeconds = 10;

/**
 * Does the operations in a child process (keychain-worker.ts) and returns one
 * answer each. The child, not ipctl, waits on the keychain: one that does not
 * answer in time (IPCTL_KEYRING_TIMEOUT seconds, default 10) is killed, and
 * this throws an error that names the store (exit 5). When the keychain cannot
 * be reached at all (no worker in this build, no module for this platform),
 * every answer carries the reason. When `signal` aborts (Ctrl-C), the child
 * is killed at once and this throws InterruptedError once it has ended: no
 * keychain operation starts after ipctl has exited.
 */
export async function keychainCall(operations: KeychainOperation[], env: Record<string, string | undefined>, signal?: AbortSignal): Promise<KeychainAnswer[]> {
  const worker = workerPath();
  if (!worker) return operations.map(() => ({ error: noKeychainSupport }));
  const timeoutMs = Math.round(keychainTimeoutSeconds(env) * 1000);
  if (signal?.aborted) throw interruptedKeychain();
  const { spawn } = process.getBuiltinModule('node:child_process');
  const child = spawn(process.execPath, [worker], { env: workerEnv(env), stdio: ['pipe', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    let output = '';
    let interrupted = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(keychainTimeout(timeoutMs / 1000));
    }, timeoutMs);
    const interrupt = () => {
      interrupted = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', interrupt, { once: true });
    const ended = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', interrupt);
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', (error) => {
      ended();
      if (interrupted) reject(interruptedKeychain());
      else resolve(operations.map(() => ({ error: `the keychain helper could not start (${error.message})` })));
    });
    child.on('close', (_code, killedBy) => {
      ended();
      // Only now, with the helper gone, is it safe to say so and exit. Ctrl-C at a
      // terminal reaches the helper too, and may end it before ipctl hears of it.
      if (interrupted || signal?.aborted || killedBy === 'SIGINT' || killedBy === 'SIGTERM') reject(interruptedKeychain());
      else resolve(parseAnswers(output, operations.length));
    });
    child.stdin.on('error', () => {}); // a child that died early is reported by 'close'
    child.stdin.end(JSON.stringify({ service: keychainService, operations } satisfies KeychainRequest));
  });
}

function parseAnswers(output: string, count: number): KeychainAnswer[] {
  try {
    const answers = JSON.parse(output) as KeychainAnswer[];
    if (Array.isArray(answers) && answers.length === count) return answers;
  } catch {
    // Reported below.
  }
  return Array.from({ length: count }, () => ({ error: 'the keychain helper ended without an answer' }));
}

/** The reason every keychain call gives in a build that has no keychain support (the standalone executable). */
export const noKeychainSupport = 'this build of ipctl has no keychain support';

/** Whether this build of ipctl can use an OS keychain at all; the standalone executable cannot. */
export function keychainSupported(): boolean {
  return workerPath() !== undefined;
}

/** keychain-worker.cjs, beside main.cjs in the build's folder (dist/b-…/); this code may sit in its chunks/. None in a single-file build. */
function workerPath(): string | undefined {
  const { existsSync } = process.getBuiltinModule('node:fs');
  const { join } = process.getBuiltinModule('node:path');
  if (standaloneExecutable()) return undefined;
  for (const dir of [import.meta.dirname, join(import.meta.dirname, '..')]) {
    const path = join(dir, 'keychain-worker.cjs');
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** The child is plain Node: none of the options a user gave ipctl's own Node (a --require, an inspector). */
function workerEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const { NODE_OPTIONS: _options, ...rest } = env;
  return rest;
}

function keychainTimeoutSeconds(env: Record<string, string | undefined>): number {
  return numberSetting(undefined, '', env, 'IPCTL_KEYRING_TIMEOUT', seconds(0.001, 600, '5')) ?? defaultTimeoutSeconds;
}

function interruptedKeychain(): InterruptedError {
  return new InterruptedError(`Interrupted while waiting for ${keychainName()}; its helper was stopped.`);
}

function keychainTimeout(waited: number): UserError {
  return new UserError(
    `${capitalize(keychainName())} did not answer within ${waited} second${waited === 1 ? "" : "s"}; stopped waiting.`,
    exitCodes.temporary,
    'Check that the keyring is running and unlocked, then try again; or give the credential in IPCTL_API_KEY / IPCTL_TOKEN, or store it in the file with --insecure-storage.',
  );
}
