import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { cleanEnv, ipctlBin, runIpctl, runProcess, tempDir } from '../helpers/cli.js';

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
