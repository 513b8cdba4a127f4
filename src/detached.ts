import { standaloneExecutable } from './installation.js';

/** A copy of ipctl started by `startDetached`, which may outlive this one. */
export interface DetachedProcess {
  pid: number | undefined;
  /** The first line it writes on stdout; or, when it ends before that, its exit code and what it wrote on stderr. */
  ready: Promise<{ line: string } | { code: number | null; stderr: string }>;
  /** Lets it run on after this process ends: its pipes are let go. */
  release(): void;
  /** Ends it (SIGTERM). */
  stop(): void;
}

/**
 * Starts this ipctl again with `args`, in a process group of its own that
 * outlives this one: the same Node and launcher for the npm package, the
 * executable itself for the standalone one (whose Node puts it in argv[1]).
 */
export function startDetached(args: string[]): DetachedProcess {
  const { spawn } = process.getBuiltinModule('node:child_process');
  const argv = standaloneExecutable() ? args : [process.argv[1]!, ...args];
  const child = spawn(process.execPath, argv, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const ready = new Promise<{ line: string } | { code: number | null; stderr: string }>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const end = stdout.indexOf('\n');
      if (end >= 0) resolve({ line: stdout.slice(0, end) });
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => resolve({ code: null, stderr: error.message }));
    child.on('close', (code) => resolve({ code, stderr }));
  });
  return {
    pid: child.pid,
    ready,
    release() {
      child.stdout.destroy();
      child.stderr.destroy();
      child.unref();
    },
    stop() {
      child.kill('SIGTERM');
    },
  };
}
