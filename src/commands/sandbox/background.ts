// `ipctl sandbox --background`: the sandbox in a process of its own, started and
// waited for here, then pointed at by a profile (or by the line it prints).
import { storeCredentials } from '../../config/credentials.js';
import { backgroundStartSeconds, sandboxProfile } from '../../config/defaults.js';
import type { Context } from '../../context.js';
import type { DetachedProcess } from '../../detached.js';
import { exitCodes, InterruptedError, UsageError, UserError } from '../../errors.js';
import type { Sandbox } from '../../sandbox/server.js';

/** What `ipctl sandbox --json` prints: where the sandbox listens, and its seeded IDs and credentials. */
export type SandboxInfo = Pick<Sandbox, 'baseUrl' | 'searchUrl' | 'org' | 'project' | 'apiKey' | 'token'>;

/** Starts `ipctl sandbox ARGS --json` in the background; resolves with what it printed once it listens. */
export async function startInBackground(args: string[], context: Context): Promise<{ pid: number | undefined; info: SandboxInfo }> {
  const { startDetached, signal } = context.deps;
  if (!startDetached) throw new UserError('This ipctl cannot start a process in the background.', exitCodes.failure, 'Run `ipctl sandbox --env > sandbox.env &` instead.');
  const child = await startDetached(['sandbox', ...args, '--json']);
  const outcome = await firstOf(child, context, signal);
  if (outcome === 'late' || outcome === 'interrupted') {
    child.stop();
    if (outcome === 'interrupted') throw new InterruptedError('Interrupted while the sandbox was starting; it was stopped.');
    throw new UserError(`The sandbox did not start within ${backgroundStartSeconds} s; it was stopped.`, exitCodes.failure, 'Run `ipctl sandbox` in the foreground to see what it does.');
  }
  if ('code' in outcome) throw notStarted(outcome.code, outcome.stderr);
  child.release();
  return { pid: child.pid, info: JSON.parse(outcome.line) as SandboxInfo };
}

/** The child's first line or its end, unless the wait runs out or the user interrupts first. */
async function firstOf(child: DetachedProcess, context: Context, signal: AbortSignal | undefined) {
  const waiting = new AbortController();
  const sleep = context.deps.sleep ?? ((ms: number, abort?: AbortSignal) => process.getBuiltinModule('node:timers/promises').setTimeout(ms, undefined, { signal: abort }));
  const late = sleep(backgroundStartSeconds * 1000, waiting.signal).then(
    () => 'late' as const,
    () => 'late' as const,
  );
  const interrupted = new Promise<'interrupted'>((resolve) => signal?.addEventListener('abort', () => resolve('interrupted'), { once: true }));
  try {
    return await Promise.race([child.ready, late, interrupted]);
  } finally {
    waiting.abort();
  }
}

/** The child's own error (a problem document: it ran with --json), with its exit code. */
function notStarted(code: number | null, stderr: string): UserError {
  const problem = problemOf(stderr);
  const said = problem?.title ?? (stderr.trim() || `it ended with exit code ${code}`);
  const message = `The sandbox did not start: ${said}`;
  return code === exitCodes.usage ? new UsageError(message, problem?.detail) : new UserError(message, exitCodes.failure, problem?.detail);
}

function problemOf(text: string): { title?: string; detail?: string } | undefined {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as { title?: string; detail?: string }) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Points the profile `sandbox` at the sandbox, its credentials kept in the
 * profile file (they are the sandbox's, worth nothing elsewhere), and makes it
 * the current profile, as kind and minikube switch kubectl's context. Returns
 * the profile that was current before, when it was another.
 */
export async function pointProfileAt(info: SandboxInfo, context: Context): Promise<{ path: string; previous: string | undefined }> {
  const store = await context.store();
  const previous = store.current();
  await store.updateProfile(sandboxProfile, { baseUrl: info.baseUrl, searchUrl: info.searchUrl, org: info.org, project: info.project });
  await storeCredentials(store, sandboxProfile, { apiKey: info.apiKey, token: info.token }, { insecure: true, env: context.deps.env, signal: context.deps.signal });
  await store.use(sandboxProfile);
  return { path: store.path, previous: previous === sandboxProfile ? undefined : previous };
}
