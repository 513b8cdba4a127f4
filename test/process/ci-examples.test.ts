// docs/ci.md's two CI examples, run as they are printed there against the
// sandbox (shells and processes are the point: the scripts are bash, and the
// matrix's jobs are separate processes):
// - the shell version of the CI example: only its base URL is pointed at the sandbox;
// - the GitHub Actions matrix workflow ("A CI matrix: one file, many jobs"):
//   the import job's run steps as four processes at once, one per matrix value
//   with the job's environment; then the report job's run step. Steps that
//   install ipctl or move artifacts are the runner's business: the import steps
//   write into results/, where the report step reads, in one folder here.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { repoRoot, runProcess } from '../helpers/cli.js';
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
