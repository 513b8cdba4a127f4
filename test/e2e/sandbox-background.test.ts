// `ipctl sandbox --background` (README, Quick start): the sandbox starts in a
// process of its own, ipctl waits until it listens, then points the profile
// "sandbox" at it and makes it current, so that the commands after it answer
// with no variable set. It gives up with a message when the sandbox ends or
// stays silent, and never hangs. In-process, the background process is a
// sandbox started here; one spawned run checks the real one. Below, `ipctl
// sandbox` in the foreground, as a process of its own.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import type { DetachedProcess } from '../../src/detached.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';
import { cleanEnv, ipctlBin, repoRoot, runIpctl, runProcess, tempDir } from '../helpers/cli.js';
import { runMain, testClock } from '../helpers/in-process.js';

const started: Sandbox[] = [];
const dirs: Array<{ remove: () => void }> = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((sandbox) => sandbox.close()));
});
afterAll(() => dirs.forEach((dir) => dir.remove()));

/** A configuration folder of its own, and an environment with no IPCTL_* setting but it. */
function freshEnv(): Record<string, string> {
  const dir = tempDir('ipctl-background-');
  dirs.push(dir);
  return { IPCTL_CONFIG_DIR: join(dir.path, 'config'), HOME: dir.path, CI: 'true' };
}

/** A background process that is a sandbox started here, as `sandbox --json` prints it. */
function inProcessSandbox(calls: string[][]) {
  return async (args: string[]): Promise<DetachedProcess> => {
    calls.push(args);
    const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
    started.push(sandbox);
    const { baseUrl, searchUrl, org, project, apiKey, token } = sandbox;
    return { pid: 4242, ready: Promise.resolve({ line: JSON.stringify({ baseUrl, searchUrl, org, project, apiKey, token }) }), release: () => {}, stop: () => {} };
  };
}

describe('ipctl sandbox --background, in-process', () => {
  it('starts `ipctl sandbox … --json` with the flags given, then the commands after it answer from the profile it wrote', async () => {
    const env = freshEnv();
    const calls: string[][] = [];
    const result = await runMain(['sandbox', '--port', '0', '--background'], { env, startDetached: inProcessSandbox(calls) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(calls).toEqual([['sandbox', '--host', '127.0.0.1', '--port', '0', '--json']]);
    const baseUrl = started[0]!.baseUrl;
    expect(result.stdout).toContain(`Base URL:    ${baseUrl}`);
    expect(result.stdout).toContain('Profile "sandbox" points at it');
    expect(result.stdout).toContain('is the current profile.');
    expect(result.stdout).toContain('Stop it with: kill 4242');

    // README, Quick start: these answer with nothing but the profile (seed data: org_demo, its invites, dest_sqs in demo).
    const org = await runMain(['orgs', 'get', '--json'], { env });
    expect(org.code, org.stderr).toBe(0);
    expect(JSON.parse(org.stdout).id).toBe('org_demo');
    const invites = await runMain(['invites', 'list', '--json'], { env });
    expect(invites.code, invites.stderr).toBe(0);
    expect(JSON.parse(invites.stdout).length).toBeGreaterThan(0);
    const patch = await runMain(['destinations', 'patch', 'dest_sqs', '--name', 'contacts-queue-eu', '--dry-run'], { env });
    expect(patch.code, patch.stderr).toBe(0);
    expect(patch.stdout).toContain(`PATCH ${baseUrl}/projects/proj_demo/destinations/dest_sqs`);
    // Its credentials are in the file, shown redacted like any other.
    const shown = await runMain(['profile', 'show', 'sandbox', '--json'], { env });
    expect(shown.stdout).not.toContain(started[0]!.apiKey);
  });

  it('makes "sandbox" the current profile, naming the one it replaces and how to go back', async () => {
    const env = freshEnv();
    expect((await runMain(['profile', 'add', 'staging', '--base-url', 'https://api.staging.example.com/v1'], { env })).code).toBe(0);
    const result = await runMain(['sandbox', '--background'], { env, startDetached: inProcessSandbox([]) });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('(it was "staging": `ipctl profile use staging` goes back)');
    const config = JSON.parse(readFileSync(join(env.IPCTL_CONFIG_DIR!, 'config.json'), 'utf8'));
    expect(config.current).toBe('sandbox');
    expect(config.profiles.staging.baseUrl).toBe('https://api.staging.example.com/v1');
  });

  it('with --env, prints the export line with the process ID and writes no profile', async () => {
    const env = freshEnv();
    const result = await runMain(['sandbox', '--background', '--env'], { env, startDetached: inProcessSandbox([]) });
    expect(result.code, result.stderr).toBe(0);
    const { baseUrl, apiKey } = started[0]!;
    expect(result.stdout).toBe(
      `export IPCTL_BASE_URL=${baseUrl} IPCTL_SEARCH_URL=${started[0]!.searchUrl} IPCTL_API_KEY=${apiKey} IPCTL_TOKEN=${started[0]!.token} IPCTL_ORG=org_demo IPCTL_PROJECT=proj_demo IPCTL_SANDBOX_PID=4242\n`,
    );
    expect(existsSync(join(env.IPCTL_CONFIG_DIR!, 'config.json'))).toBe(false);
  });

  it('with --json, prints the JSON line with the process ID', async () => {
    const result = await runMain(['sandbox', '--background', '--json'], { env: freshEnv(), startDetached: inProcessSandbox([]) });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ baseUrl: started[0]!.baseUrl, org: 'org_demo', project: 'proj_demo', pid: 4242 });
  });

  it('gives up when the sandbox ends before it listens, saying why in its words, and writes no profile', async () => {
    const env = freshEnv();
    const problem = { type: 'urn:ipctl:problem:failure', title: 'Port 4510 on 127.0.0.1 is in use.', detail: 'Pick another with --port N, or --port 0 for any free port.', exitCode: 1, errors: [] };
    const ended = async (): Promise<DetachedProcess> => ({ pid: 1, ready: Promise.resolve({ code: 1, stderr: `${JSON.stringify(problem, null, 2)}\n` }), release: () => {}, stop: () => {} });
    const result = await runMain(['sandbox', '--background'], { env, startDetached: ended });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('The sandbox did not start: Port 4510 on 127.0.0.1 is in use.');
    expect(result.stderr).toContain('Pick another with --port N');
    expect(existsSync(join(env.IPCTL_CONFIG_DIR!, 'config.json'))).toBe(false);
  });

  it('says an invalid file the sandbox refused as invalid input (exit 2)', async () => {
    const problem = { type: 'urn:ipctl:problem:invalid-input', title: '--faults: cannot read nope.json (no such file).', exitCode: 2, errors: [] };
    const ended = async (): Promise<DetachedProcess> => ({ pid: 1, ready: Promise.resolve({ code: 2, stderr: JSON.stringify(problem) }), release: () => {}, stop: () => {} });
    const result = await runMain(['sandbox', '--background', '--faults', 'nope.json'], { env: freshEnv(), startDetached: ended });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The sandbox did not start: --faults: cannot read nope.json');
  });

  it('gives up after 20 s when the sandbox says nothing, and stops it', async () => {
    const clock = testClock();
    let stopped = 0;
    const silent = async (): Promise<DetachedProcess> => ({ pid: 1, ready: new Promise(() => {}), release: () => {}, stop: () => void (stopped += 1) });
    const result = await runMain(['sandbox', '--background'], { env: freshEnv(), startDetached: silent, clock });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The sandbox did not start within 20 s; it was stopped.');
    expect(clock.waits).toEqual([20_000]);
    expect(stopped).toBe(1);
  });
});

describe('ipctl sandbox --background, spawned', () => {
  it('returns once the sandbox listens, which keeps serving after it, until killed', async () => {
    const env = freshEnv();
    const result = await runIpctl(['sandbox', '--port', '0', '--background', '--json'], { env, timeoutMs: 30_000 });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const info = JSON.parse(result.stdout) as { baseUrl: string; token: string; pid: number };
    try {
      const org = await runIpctl(['orgs', 'get', 'org_demo', '--json'], { env: { ...env, IPCTL_BASE_URL: info.baseUrl, IPCTL_TOKEN: info.token } });
      expect(org.code, org.stderr).toBe(0);
      expect(JSON.parse(org.stdout).id).toBe('org_demo');
    } finally {
      process.kill(info.pid, 'SIGTERM');
    }
  });
});

// The standalone executable starts itself (its Node takes no script argument); built by `npm run package`, as for test/e2e/lazy-loading.test.ts.
const executable = join(repoRoot, 'release', `ipctl-${packageJson.version}-${process.platform}-${process.arch}`);

describe('ipctl sandbox --background, in the standalone executable', () => {
  it.skipIf(!existsSync(executable))('starts the executable itself in the background, and the profile it writes answers', async () => {
    const env = freshEnv();
    const bare = { PATH: '/usr/bin:/bin', HOME: env.HOME!, IPCTL_CONFIG_DIR: env.IPCTL_CONFIG_DIR! };
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(executable, args, { env: bare, encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
      });
    const started = await run(['sandbox', '--port', '0', '--background']);
    const pid = Number(/Stop it with: kill (\d+)/.exec(started.stdout)?.[1]);
    try {
      expect(started.stderr).toBe('');
      expect(started.code).toBe(0);
      const org = await run(['orgs', 'get', '--json', '--query', 'id']);
      expect(org.code, org.stderr).toBe(0);
      expect(org.stdout).toBe('"org_demo"\n');
    } finally {
      if (pid > 0) process.kill(pid, 'SIGTERM');
    }
  });
});

describe('ipctl sandbox in the foreground', () => {
  /** Starts `ipctl sandbox` as a user's script would, and reads what it prints first. */
  function startSandboxProcess(args: string[], env: Record<string, string> = {}) {
    const child = spawn(process.execPath, [ipctlBin, 'sandbox', '--port', '0', ...args], { env: cleanEnv(env) });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines = createInterface({ input: child.stdout });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const firstLines = (count: number) =>
      new Promise<string[]>((resolve, reject) => {
        const seen: string[] = [];
        const timer = setTimeout(() => reject(new Error(`sandbox printed only: ${seen.join('\n')}${stderr}`)), 15_000);
        lines.on('line', (line) => {
          seen.push(line);
          if (seen.length === count) {
            clearTimeout(timer);
            resolve(seen);
          }
        });
      });
    return { child, firstLines, exited, stderr: () => stderr };
  }

  describe('ipctl sandbox', () => {
    it('prints one JSON line with the URLs and credentials, serves the API, and stops cleanly on SIGTERM', async () => {
      const sandbox = startSandboxProcess(['--json']);
      const [line] = await sandbox.firstLines(1);
      const info = JSON.parse(line!);
      expect(Object.keys(info).sort()).toEqual(['apiKey', 'baseUrl', 'org', 'project', 'searchUrl', 'token']);
      expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(info.searchUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/search\/v1$/);

      const config = tempDir();
      const result = await runIpctl(['invites', 'list', '--json'], {
        env: { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: info.baseUrl, IPCTL_TOKEN: info.token, IPCTL_ORG: info.org },
      });
      config.remove();
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).length).toBeGreaterThan(0);

      sandbox.child.kill('SIGTERM');
      expect(await sandbox.exited).toBe(0);
      expect(sandbox.stderr()).toBe('');
    });

    it('--published-search answers search as the service does, and ipctl prints the table from it', async () => {
      const sandbox = startSandboxProcess(['--json', '--published-search']);
      const info = JSON.parse((await sandbox.firstLines(1))[0]!);
      const config = tempDir();
      const args = ['search', 'Contact', '--project', info.project, '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'Title=CTO'];
      const env = { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: info.baseUrl, IPCTL_SEARCH_URL: info.searchUrl, IPCTL_API_KEY: info.apiKey };
      const table = await runIpctl(args, { env });
      const json = await runIpctl([...args, '-o', 'json'], { env });
      config.remove();
      sandbox.child.kill('SIGTERM');
      expect(await sandbox.exited).toBe(0);
      expect(table.stderr).toBe('');
      expect(table.code).toBe(0);
      expect(table.stdout.split('\n')[0]!.split('\t')).not.toContain('ID');
      expect(table.stdout.trimEnd().split('\n').length).toBeGreaterThan(1);
      const answer = JSON.parse(json.stdout) as { result: Array<Record<string, unknown>> };
      expect(Object.keys(answer)).toEqual(['result']);
      expect(answer.result.every((entry) => !('id' in entry))).toBe(true);
    });

    it('prints a readable banner, uses the credentials from the environment, and stops on SIGINT', async () => {
      const sandbox = startSandboxProcess([], { IPCTL_SANDBOX_API_KEY: 'sk_sandbox_fixed_key_for_test', IPCTL_SANDBOX_TOKEN: 'fixed.token.value' });
      const lines = await sandbox.firstLines(7);
      expect(lines[0]).toBe('Sandbox running. Press Ctrl-C to stop.');
      expect(lines.join('\n')).toContain('API key:     sk_sandbox_fixed_key_for_test');
      expect(lines.join('\n')).toContain('Project:     proj_demo');
      expect(lines[2]).toMatch(/^ {2}Search URL: {2}http:\/\/127\.0\.0\.1:\d+\/search\/v1$/);
      sandbox.child.kill('SIGINT');
      expect(await sandbox.exited).toBe(0);
      expect(sandbox.stderr()).toContain('Sandbox stopped.');
    });

    it('says in its banner which shape search answers in, with --published-search', async () => {
      const sandbox = startSandboxProcess(['--published-search']);
      const lines = await sandbox.firstLines(3);
      expect(lines[2]).toMatch(/^ {2}Search URL: {2}http:\/\/127\.0\.0\.1:\d+\/search\/v1 {2}\(answers \{"result": \[\.\.\.\]\}, entries without an id, as the service does\)$/);
      sandbox.child.kill('SIGTERM');
      await sandbox.exited;
    });

    it('says clearly when the port is taken (exit 1)', async () => {
      const first = startSandboxProcess(['--json']);
      const info = JSON.parse((await first.firstLines(1))[0]!);
      const port = new URL(info.baseUrl).port;
      const second = await runIpctl(['sandbox', '--port', port]);
      first.child.kill('SIGTERM');
      await first.exited;
      expect(second.code).toBe(1);
      expect(second.stdout).toBe('');
      expect(second.stderr).toContain(`Port ${port} on 127.0.0.1 is in use.`);
      expect(second.stderr).toContain('--port 0');
    });

    it('--env prints one export line that a shell sources as it is, quoting what needs it', async () => {
      const sandbox = startSandboxProcess(['--env'], { IPCTL_SANDBOX_API_KEY: "sk sandbox 'quoted' key" });
      const [line] = await sandbox.firstLines(1);
      expect(line).toMatch(/^export IPCTL_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/v1 IPCTL_SEARCH_URL=\S+ IPCTL_API_KEY='sk sandbox '\\''quoted'\\'' key' IPCTL_TOKEN=\S+ IPCTL_ORG=org_demo IPCTL_PROJECT=proj_demo$/);
      const shell = await runProcess('bash', ['-c', `${line}\nprintf '%s\\n' "$IPCTL_API_KEY" "$IPCTL_PROJECT"`]);
      expect(shell.stdout).toBe("sk sandbox 'quoted' key\nproj_demo\n");
      sandbox.child.kill('SIGTERM');
      expect(await sandbox.exited).toBe(0);
      expect(sandbox.stderr()).toBe('');
    });

    it('refuses --env with --json (exit 2)', async () => {
      const result = await runIpctl(['sandbox', '--port', '0', '--env', '--json']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--env: give --env or --json, not both');
    });

    it('rejects an invalid port with exit 2', async () => {
      const result = await runIpctl(['sandbox', '--port', '70000']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--port');
    });

    it('injects the faults of a --faults file, which ipctl retries through', async () => {
      const dir = tempDir();
      const plan = join(dir.path, 'faults.json');
      writeFileSync(plan, JSON.stringify({ getOrg: [{ kind: 'status', status: 503, retryable: true }, { kind: 'reset' }] }));
      const sandbox = startSandboxProcess(['--json', '--faults', plan]);
      try {
        const info = JSON.parse((await sandbox.firstLines(1))[0]!);
        const result = await runIpctl(['orgs', 'get', '--json', '--debug'], {
          env: { IPCTL_CONFIG_DIR: dir.path, IPCTL_BASE_URL: info.baseUrl, IPCTL_TOKEN: info.token, IPCTL_ORG: info.org, IPCTL_RETRY_BACKOFF: '0.02' },
        });
        expect(result.code).toBe(0);
        expect(JSON.parse(result.stdout).id).toBe(info.org);
        expect(result.stderr).toContain('retry: HTTP 503 Service Unavailable; waiting');
        expect(result.stderr).toMatch(/retry: (ECONNRESET|UND_ERR_SOCKET); waiting/);
      } finally {
        sandbox.child.kill('SIGTERM');
        await sandbox.exited;
        dir.remove();
      }
    });

    it('rejects an invalid --faults file with exit 2, listing every problem', async () => {
      const dir = tempDir();
      const plan = join(dir.path, 'faults.json');
      writeFileSync(plan, JSON.stringify({ getOrg: [{ kind: 'explode' }], listOrgInvites: [{ kind: 'status', status: 200 }] }));
      const result = await runIpctl(['sandbox', '--port', '0', '--faults', plan]);
      dir.remove();
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`--faults: ${plan} is not a valid fault plan:`);
      expect(result.stderr).toMatch(/ {2}- getOrg\.0\.kind: /);
      expect(result.stderr).toMatch(/ {2}- listOrgInvites\.0\.status: /);
    });

    it('rejects a --faults file naming an operation it does not have with exit 2, before listening', async () => {
      const dir = tempDir();
      const plan = join(dir.path, 'faults.json');
      writeFileSync(plan, JSON.stringify({ getOrgz: [{ kind: 'status', status: 503 }] }));
      const result = await runIpctl(['sandbox', '--port', '0', '--json', '--faults', plan]);
      dir.remove();
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      // --json asked for JSON: the refusal is a problem document.
      expect(JSON.parse(result.stderr).errors[0].detail).toMatch(/^getOrgz: the sandbox has no such operation; it has getOrg, /);
    });
  });
});
