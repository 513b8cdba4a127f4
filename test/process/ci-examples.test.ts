// The docs' shell examples, run by bash against a sandbox (shells and processes
// are the point: the scripts are bash, and the matrix's jobs are separate processes):
// - docs/ci.md's two CI examples, as they are printed there:
//   - the shell version of the CI example: only its base URL is pointed at the sandbox;
//   - the GitHub Actions matrix workflow ("A CI matrix: one file, many jobs"):
//     the import job's run steps as four processes at once, one per matrix value
//     with the job's environment; then the report job's run step. Steps that
//     install ipctl or move artifacts are the runner's business: the import steps
//     write into results/, where the report step reads, in one folder here;
// - docs/sandbox.md's background sandbox snippet;
// - every `sh` block of README.md and docs/.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ipctlBin, repoRoot, runProcess, tempDir } from '../helpers/cli.js';
import { inProcessCommand, type InProcessCommand } from '../helpers/in-process-command.js';
import { docBashBlock } from '../helpers/readme.js';
import { useFixture } from '../helpers/sandbox.js';
import { shellHome } from '../helpers/shells.js';

const fixture = useFixture();
let home: ReturnType<typeof shellHome>;

beforeAll(() => {
  home = shellHome();
});
afterAll(() => {
  home.remove();
});

describe("docs/ci.md's CI example (shell version)", () => {
  it('creates the connection and points the webhook at the customer, against the sandbox', async () => {
    const script = docBashBlock('docs/ci.md', 'The same steps as a plain shell script');
    expect(script).toContain('IPCTL_BASE_URL=https://api.example.com/v1');
    const path = join(home.path, 'onboard.sh');
    writeFileSync(path, script.replace('https://api.example.com/v1', fixture.sandbox.baseUrl));
    const env = fixture.env({ ...home.env, PIPEDRIVE_API_KEY: 'pd_readme_key_1234567890', WEBHOOK_PASSWORD: 'webhook_readme_pw_0987' });
    const result = await runProcess('bash', [path], { env, timeoutMs: 60_000 });
    // The one notice: which secrets the patch set.
    expect(result.stderr).toBe('Updated secrets: password.\n');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^id: dest_webhook\nurl: https:\/\/hooks\.acme\.example\.com\/ipctl\nConnection conn_\w+ is ready; the webhook points at Acme\.\n$/);
    const destination = fixture.sandbox.state.projects.proj_demo!.destinations.find((stored) => stored.destination.id === 'dest_webhook')!;
    expect(destination.destination.metadata.url).toBe('https://hooks.acme.example.com/ipctl');
    expect(destination.secretNames).toContain('password');
    for (const secret of ['pd_readme_key_1234567890', 'webhook_readme_pw_0987']) expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
  });
});

interface Step {
  run?: string;
  uses?: string;
}
interface Job {
  strategy?: { matrix?: { shard?: number[] } };
  env?: Record<string, string | number>;
  steps: Step[];
}

/** The first ```yaml block of docs/ci.md after `after`, parsed. */
function readmeWorkflow(after: string): { jobs: Record<string, Job> } {
  const readme = readFileSync(join(repoRoot, 'docs', 'ci.md'), 'utf8');
  const at = readme.indexOf(after);
  if (at < 0) throw new Error(`docs/ci.md no longer says "${after}"`);
  const match = /```yaml\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!match) throw new Error(`docs/ci.md has no yaml block after "${after}"`);
  return parseYaml(match[1]!) as { jobs: Record<string, Job> };
}

/** A job's environment for one matrix value: expressions filled in, secrets and the base URL from the sandbox. */
function jobEnv(job: Job, shard: number | undefined): Record<string, string | undefined> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(job.env ?? {})) {
    const text = String(value);
    if (text.includes('${{ secrets.')) continue;
    env[name] = text.replace('${{ matrix.shard }}', String(shard));
  }
  expect(Object.values(env).join(' ')).not.toContain('${{');
  return fixture.env({ ...home.env, ...env, IPCTL_BASE_URL: fixture.sandbox.baseUrl, CI: 'true' });
}

/** The run steps that call ipctl (not those installing it). */
function ipctlSteps(job: Job): string[] {
  return job.steps.flatMap((step) => (step.run !== undefined && step.run.includes('ipctl ') && !step.run.includes('npm install') ? [step.run] : []));
}

describe("docs/ci.md's CI matrix workflow", () => {
  it('four import jobs at once, then the report: every row created once', async () => {
    const workflow = readmeWorkflow('## A CI matrix: one file, many jobs');
    const importJob = workflow.jobs.import!;
    const reportJob = workflow.jobs.report!;
    const shards = importJob.strategy?.matrix?.shard ?? [];
    expect(shards).toEqual([1, 2, 3, 4]);
    expect(String(importJob.env?.IPCTL_SHARD_TOTAL)).toBe(String(shards.length));
    const importRuns = ipctlSteps(importJob);
    const reportRuns = ipctlSteps(reportJob);
    expect(importRuns).toHaveLength(1);
    expect(importRuns[0]).toContain('--shard auto');
    expect(reportRuns).toEqual([expect.stringContaining('ipctl connections report')]);

    const rows = 200;
    const csv = ['groupRef,consumerRef,provider,providerWorkspaceRef,apiKey'];
    for (let index = 1; index <= rows; index++) csv.push(`readme-matrix-${index},user-${index},pipedrive,ws,pk_readme_matrix_${index}_secret`);
    writeFileSync(join(home.path, 'rows.csv'), csv.join('\n') + '\n');

    const jobs = await Promise.all(shards.map((shard) => runProcess('bash', ['-eo', 'pipefail', '-c', importRuns[0]!], { env: jobEnv(importJob, shard), cwd: home.path, timeoutMs: 180_000 })));
    for (const job of jobs) {
      expect(job.stderr).toBe('');
      expect(job.code).toBe(0);
      expect(job.stdout).toMatch(/Created\s+\d+\n/);
    }
    const created = jobs.map((job) => Number(/Created\s+(\d+)\n/.exec(job.stdout)![1]));
    expect(created.reduce((sum, count) => sum + count, 0)).toBe(rows);

    const report = await runProcess('bash', ['-eo', 'pipefail', '-c', reportRuns[0]!], { env: jobEnv(reportJob, undefined), cwd: home.path, timeoutMs: 60_000 });
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    expect(report.stdout).toMatch(/Files\s+4\n/);
    expect(report.stdout).toMatch(new RegExp(`Created\\s+${rows}\\n`));
    expect(report.stdout).toMatch(/In more than one file\s+0\n/);

    const perGroup = new Map<string, number>();
    for (const connection of fixture.sandbox.state.projects.proj_demo!.connections) {
      if (connection.group.groupRef.startsWith('readme-matrix-')) perGroup.set(connection.group.groupRef, (perGroup.get(connection.group.groupRef) ?? 0) + 1);
    }
    expect(perGroup.size).toBe(rows);
    expect([...perGroup.values()].every((count) => count === 1)).toBe(true);
    for (const job of jobs) expect(`${job.stdout}${job.stderr}`).not.toContain('_secret');
  }, 300_000);
});

describe('docs/sandbox.md in bash', () => {
  // docs/sandbox.md's "start the sandbox in the background, for scripts that want
  // no profile" snippet, run verbatim in bash: after it, every command it shows
  // works, search and API-key commands included, with nothing but what the sandbox
  // printed; its last line stops the sandbox.
  let home: ReturnType<typeof shellHome>;

  beforeAll(() => {
    home = shellHome();
  });
  afterAll(() => home.remove());

  /** Whether a process is running. */
  function running(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  describe("docs/sandbox.md's background sandbox snippet", () => {
    it('runs as printed, every command in it works, and it stops the sandbox', async () => {
      const snippet = docBashBlock('docs/sandbox.md', 'In scripts that want no profile');
      expect(snippet).toContain('ipctl sandbox --port 0 --background --env > sandbox.env\n');
      // Each command's exit code; the other lines (set -e, the sandbox, sourcing, kill) as printed.
      const commands = snippet.split('\n').filter((line) => line.startsWith('ipctl ') && !line.startsWith('ipctl sandbox'));
      expect(commands.length).toBeGreaterThanOrEqual(3);
      const script = snippet
        .split('\n')
        .map((line) => (commands.includes(line) ? `${line} > /dev/null; echo "exit $? for ${line.split(' ').slice(0, 3).join(' ')}"` : line))
        .join('\n');
      const result = await runProcess('bash', ['-c', script], { env: home.env, cwd: home.path, timeoutMs: 60_000 });
      const sourced = readFileSync(join(home.path, 'sandbox.env'), 'utf8');
      const pid = Number(/IPCTL_SANDBOX_PID=(\d+)/.exec(sourced)?.[1]);
      try {
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(result.stdout.split('\n').filter(Boolean)).toEqual(commands.map((command) => `exit 0 for ${command.split(' ').slice(0, 3).join(' ')}`));
        expect(sourced).toMatch(
          /^export IPCTL_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/v1 IPCTL_SEARCH_URL=http:\/\/127\.0\.0\.1:\d+\/search\/v1 IPCTL_API_KEY=\S+ IPCTL_TOKEN=\S+ IPCTL_ORG=org_demo IPCTL_PROJECT=proj_demo IPCTL_SANDBOX_PID=\d+\n$/,
        );
        // The snippet's `kill` stopped it.
        for (let waited = 0; running(pid) && waited < 50; waited += 1) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(running(pid)).toBe(false);
      } finally {
        if (pid > 0 && running(pid)) process.kill(pid, 'SIGTERM');
      }
    });

    it('gives up with a message and exit 1 when the sandbox cannot listen, and the script stops there', async () => {
      const snippet = docBashBlock('docs/sandbox.md', 'In scripts that want no profile');
      // A port that is taken: the sandbox of the first line holds it.
      const taken = await runProcess('bash', ['-c', 'ipctl sandbox --port 0 --background --json'], { env: home.env, cwd: home.path, timeoutMs: 30_000 });
      const first = JSON.parse(taken.stdout) as { baseUrl: string; pid: number };
      try {
        const port = new URL(first.baseUrl).port;
        const result = await runProcess('bash', ['-c', snippet.replace('--port 0', `--port ${port}`)], { env: home.env, cwd: home.path, timeoutMs: 60_000 });
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain(`The sandbox did not start: Port ${port} on 127.0.0.1 is in use.`);
      } finally {
        process.kill(first.pid, 'SIGTERM');
      }
    });
  });
});

describe('the sh blocks of the docs in bash', () => {
  // Every `sh` block of README.md and docs/ runs, as written, against a sandbox:
  // the docs cannot drift from the tool. A block that cannot run here (it needs a
  // terminal, the real service, or installs something) says so on the line above
  // it, with its reason: <!-- not runnable: REASON -->.
  interface Block {
    where: string;
    script: string;
    /** Why it is not run, when its marker says so. */
    notRunnable?: string;
  }

  function markdownFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? markdownFiles(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : [],
    );
  }

  function blocksOf(file: string): Block[] {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => {
      const before = text.slice(0, match.index).split('\n').at(-2) ?? '';
      const marker = /^<!-- not runnable: (.*) -->$/.exec(before);
      const line = text.slice(0, match.index).split('\n').length;
      return { where: `${relative(repoRoot, file)}:${line}`, script: match[1]!, notRunnable: marker?.[1] };
    });
  }

  // In a fixed order, README first: the blocks share one sandbox, and some change what later ones read (a destination's name).
  const blocks = [join(repoRoot, 'README.md'), ...markdownFiles(join(repoRoot, 'docs')).sort()].flatMap(blocksOf);

  const fixture = useFixture();
  const work = tempDir('ipctl-doc-examples-');
  const shims = join(work.path, 'bin');

  /** The files the examples read, as the examples name them. */
  const files: Record<string, string> = {
    'pipedrive-key.txt': 'pd_doc_example_key_0123456789\n',
    'snowflake-password.txt': 'doc-example-password\n',
    'key-id.txt': 'AKIADOCEXAMPLE0123456\n',
    'secret.txt': 'doc-example-secret-access-key-0123456789\n',
    'customers.jsonl': ['u-1', 'u-2'].map((consumer) => JSON.stringify({ provider: 'pipedrive', groupRef: `doc-${consumer}`, consumerRef: consumer, providerWorkspaceRef: 'acme', apiKey: `pd_doc_${consumer}_0123456789` })).join('\n') + '\n',
    'partners.csv': 'groupRef,consumerRef,providerWorkspaceRef,apiKey\ndoc-csv-1,c-1,acme,pd_doc_csv_1_0123456789\n',
    'connection.json': `${JSON.stringify({ provider: 'public-holidays', groupRef: 'doc-group', consumerRef: 'doc-user' })}\n`,
    'patch.json': `${JSON.stringify({ destination: { metadata: { batchSize: 500 } } })}\n`,
  };

  // The first block runs the built ipctl; the others an ipctl answered by main() in this process,
  // in the block's folder (this file's worker changes its working folder for the block, and back).
  let inProcess: InProcessCommand;
  const builtFor = blocks.find((block) => !block.notRunnable)?.where;

  beforeAll(async () => {
    mkdirSync(shims);
    writeFileSync(join(shims, 'ipctl'), `#!/bin/sh\nexec "${process.execPath}" "${ipctlBin}" "$@"\n`);
    chmodSync(join(shims, 'ipctl'), 0o755);
    inProcess = await inProcessCommand(work.path);
  });
  afterAll(async () => {
    await inProcess.close();
    work.remove();
  });

  /** Runs a block with bash (the sandbox answers from this process, so not with spawnSync). */
  async function runBlock(block: Block): Promise<{ status: number | null; stdout: string; stderr: string }> {
    const dir = join(work.path, block.where.replace(/[^\w]/g, '_'));
    mkdirSync(dir);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content, { mode: 0o600 });
    const built = block.where === builtFor;
    const cwd = process.cwd();
    if (!built) process.chdir(dir);
    try {
      return await runBash(block.script, dir, built ? shims : inProcess.bin);
    } finally {
      process.chdir(cwd);
    }
  }

  function runBash(script: string, dir: string, bin: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: fixture.env({ PATH: `${bin}:${process.env.PATH}`, HOME: dir, IPCTL_CONFIG_DIR: join(dir, 'config'), IPCTL_PROJECT: 'proj_demo', NO_COLOR: '1', CI: 'true' }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    return new Promise((resolve) =>
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      }),
    );
  }

  describe('the sh blocks of README.md and docs/', () => {
    it('are found, and most of them run', () => {
      expect(blocks.length).toBeGreaterThan(10);
      expect(blocks.filter((block) => !block.notRunnable).length).toBeGreaterThan(blocks.length / 2);
    });

    it.each(blocks.filter((block) => block.notRunnable).map((block) => [block.where, block] as const))('%s is marked not runnable, with a reason', (_where, block) => {
      expect(block.notRunnable!.trim().length).toBeGreaterThan(10);
    });

    it.each(blocks.filter((block) => !block.notRunnable).map((block) => [block.where, block] as const))('%s runs against a sandbox', { timeout: 90_000 }, async (_where, block) => {
      const result = await runBlock(block);
      expect(result.status, `${block.script}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(0);
      expect(result.stderr).not.toMatch(/this is a bug|\n\s+at /);
    });
  });
});
