// Every `sh` block of README.md and docs/ runs, as written, against a sandbox:
// the docs cannot drift from the tool. A block that cannot run here (it needs a
// terminal, the real service, or installs something) says so on the line above
// it, with its reason: <!-- not runnable: REASON -->.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipctlBin, repoRoot, tempDir } from '../helpers/cli.js';
import { inProcessCommand, type InProcessCommand } from '../helpers/in-process-command.js';
import { useFixture } from '../helpers/sandbox.js';

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
