// `npm run build` while ipctl runs: an ipctl that starts at any moment of a build runs, and one
// that started before it still loads its lazy chunks after the build has switched to the new one.
// A real build (scripts/build.mjs --out) into a copy of bin/ and dist/, never into the project's
// dist/, which the other test files run meanwhile.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBuildDir, repoRoot, type RunResult, runProcess, tempDir } from '../helpers/cli.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();
let copy: ReturnType<typeof tempDir>;
let dist: string;

beforeAll(() => {
  copy = tempDir('ipctl-rebuild-');
  dist = join(copy.path, 'dist');
  cpSync(join(repoRoot, 'bin'), join(copy.path, 'bin'), { recursive: true });
  // The project's current build, under a name no build gives, so that the build below switches to a folder of its own.
  mkdirSync(dist);
  cpSync(currentBuildDir(), join(dist, 'b-before'), { recursive: true });
  writeFileSync(join(dist, 'current.json'), JSON.stringify({ build: 'b-before' }));
});
afterAll(() => {
  copy?.remove();
});

function copiedIpctl(args: string[], env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<RunResult> {
  return runProcess(process.execPath, [join(copy.path, 'bin/ipctl.cjs'), ...args], { env, timeoutMs });
}

/** scripts/build.mjs run as `npm run build` runs it, into the copy; resolves with its exit code and output once it ends. */
function build(): { done: () => boolean; result: Promise<{ code: number | null; output: string }> } {
  const child = spawn(process.execPath, ['scripts/build.mjs', '--out', dist], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let ended = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const result = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => {
      ended = true;
      resolve({ code, output });
    }),
  );
  return { done: () => ended, result };
}

/** A server between ipctl and the sandbox that holds every request until release(), then passes it on. */
async function startHoldingServer(target: string) {
  let arrived!: () => void;
  let release!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer(async (request, response) => {
    arrived();
    await released;
    try {
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection'].includes(name))) as Record<string, string>;
      const answer = await fetch(new URL(request.url ?? '/', target), { method: request.method, headers });
      const answerHeaders = Object.fromEntries([...answer.headers].filter(([name]) => !['connection', 'content-length', 'transfer-encoding', 'content-encoding', 'keep-alive'].includes(name)));
      response.writeHead(answer.status, answerHeaders).end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      // Shown by ipctl's output, which the test checks.
      response.writeHead(502).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrival,
    release,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Run {
  args: string[];
  result: RunResult;
}

/** What each run must print: the package's version, and the provider asked for (sandbox seed data). */
function failures(runs: Run[]): Run[] {
  const version = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version as string;
  return runs.filter(({ args, result }) => {
    if (result.code !== 0 || result.stderr !== '') return true;
    if (args[0] === '--version') return result.stdout !== `${version}\n`;
    return !/^name: salesforce$/m.test(result.stdout);
  });
}

describe('npm run build while ipctl runs', () => {
  it('never leaves a broken ipctl: every run during the build succeeds, and a run started before it loads its lazy chunks after the switch', async () => {
    const holder = await startHoldingServer(new URL(fixture.sandbox.baseUrl).origin);
    // Waiting as long as the build takes: no timeout on a busy machine, and no second attempt.
    const heldEnv = fixture.env({ IPCTL_BASE_URL: `${holder.origin}/v1`, IPCTL_TIMEOUT: '3600', IPCTL_RETRIES: '0' });
    try {
      // Started before the build: it has loaded the command and waits for its answer, before it renders YAML.
      const early = copiedIpctl(['providers', 'get', 'salesforce', '-o', 'yaml'], heldEnv, 540_000);
      await holder.arrival;

      const building = build();
      const runs: Run[] = [];
      const commands = [['--version'], ['providers', 'get', 'salesforce', '-o', 'yaml']];
      // From the moment the build starts to its end (the first run starts before it can end), then once more after.
      do {
        for (const args of commands) runs.push({ args, result: await copiedIpctl(args, fixture.env()) });
      } while (!building.done());
      const built = await building.result;
      for (const args of commands) runs.push({ args, result: await copiedIpctl(args, fixture.env()) });

      holder.release();
      const late = await early;

      expect(built.code, built.output).toBe(0);
      console.log(`rebuild: ${runs.length} runs of ipctl from the start of the build to its end, and after`);
      expect(failures(runs)).toEqual([]);
      expect(late.stderr).toBe('');
      expect(late.code).toBe(0);
      expect(late.stdout).toMatch(/^name: salesforce$/m);

      // The build switched to a folder of its own and kept the one before it for the run above.
      const current = JSON.parse(readFileSync(join(dist, 'current.json'), 'utf8')) as { build: string };
      expect(current.build).toMatch(/^b-[0-9a-f]+$/);
      expect(readdirSync(dist).sort()).toEqual(['.npmignore', 'b-before', current.build, 'current.json'].sort());
    } finally {
      holder.release();
      await holder.close();
    }
  }, 600_000);
});
