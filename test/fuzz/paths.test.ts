// Every path flag and argument of every command, given every kind of thing a
// path can name (README, "Everything is bounded" and "Files are read as
// written"; docs/security.md): where ipctl only reads, a pipe, a FIFO and a
// symbolic link are read as the file they carry, and what cannot be read as a
// file is exit 2 naming the flag, nothing sent; where ipctl writes, appends or
// syncs, anything but a regular file is exit 2 naming the flag, nothing sent,
// nothing written. Nothing hangs: each run has a bound, and a FIFO whose
// writer stays silent gives way to Ctrl-C (exit 130).
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { ipctl, type IpctlResult } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { fuzzParameters } from './arbitraries.js';
import { makePath, type PathKind, pathKinds, readAsEmpty, readAsFile, writable } from './path-kinds.js';

const fixture = useFixture();
const dir = tempDir('ipctl-paths-');
afterAll(() => dir.remove());

let cases = 0;
/** A fresh folder for one case. */
function caseDir(): string {
  const path = join(dir.path, `case-${++cases}`);
  mkdirSync(path);
  return path;
}

/** A bound on every run: far above what any case takes, far below "hangs". */
const bound = 20_000;

interface ReadTarget {
  /** How messages name it: the flag, or the argument's path. */
  name: string;
  args(path: string): string[];
  env?(path: string): Record<string, string>;
  /** What the flag reads when it is used as meant. */
  valid: string;
}

const pemLike = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const createdRecord = `${JSON.stringify({ line: 1, status: 'created', provider: 'pipedrive', groupRef: 'g', consumerRef: 'c', connectionId: 'conn_paths_none', projectId: 'proj_demo', time: '2026-11-22T00:00:00.000Z' })}\n`;
const oneConnection = ['connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', '--group-ref', 'paths-g', '--consumer-ref', 'paths-c', '--dry-run'];

/** Every flag and argument that ipctl only reads (docs/commands.md, docs/commands/*.md). */
const readTargets: ReadTarget[] = [
  { name: '--input-json', args: (p) => ['connections', 'generate', '--project', 'demo', '--input-json', p, '--dry-run'], valid: '{"provider":"pipedrive","groupRef":"g","consumerRef":"c","apiKey":"sk_paths_0123456789"}' },
  { name: '--api-key-file', args: (p) => [...oneConnection, '--api-key-file', p], valid: 'sk_paths_0123456789\n' },
  { name: '--password-file', args: (p) => [...oneConnection, '--password-file', p], valid: 'hunter2-paths\n' },
  { name: '--refresh-token-file', args: (p) => [...oneConnection, '--refresh-token-file', p], valid: 'rt_paths_0123456789\n' },
  { name: '--access-token-file', args: (p) => [...oneConnection, '--access-token-file', p], valid: 'at_paths_0123456789\n' },
  { name: '--custom', args: (p) => [...oneConnection, '--custom', `password=@${p}`], valid: 'hunter2-paths\n' },
  { name: '--from-file', args: (p) => ['connections', 'generate', '--project', 'demo', '--from-file', p, '--format', 'jsonl', '--dry-run'], valid: '{"provider":"pipedrive","groupRef":"g","consumerRef":"c","apiKey":"sk_paths_0123456789"}\n' },
  { name: '--secret', args: (p) => ['destinations', 'patch', 'dest_s3', '--project', 'demo', '--secret', `awsSecretKey=@${p}`, '--dry-run'], valid: 'aws-secret-paths\n' },
  { name: '--input-json', args: (p) => ['destinations', 'patch', 'dest_s3', '--project', 'demo', '--input-json', p, '--dry-run'], valid: '{"name":"paths-s3"}' },
  { name: '--input', args: (p) => ['api', '-X', 'POST', '/projects/proj_demo/connections:generate', '--input', p, '--dry-run'], valid: '{"provider":"pipedrive"}' },
  { name: '-F', args: (p) => ['api', '-X', 'PATCH', '/projects/proj_demo/destinations/dest_s3', '-F', `destination[secrets][awsSecretKey]=@${p}`, '--dry-run'], valid: 'aws-secret-paths\n' },
  { name: '--ca-file', args: (p) => ['orgs', 'get', '-o', 'json', '--ca-file', p], valid: pemLike },
  { name: 'IPCTL_CA_FILE', args: () => ['orgs', 'get', '-o', 'json'], env: (p) => ({ IPCTL_CA_FILE: p }), valid: pemLike },
  { name: '', args: (p) => ['connections', 'report', p, '-o', 'json'], valid: createdRecord },
  { name: '--from-results', args: (p) => ['connections', 'remove', '--project', 'demo', '--from-results', p, '--dry-run', '-o', 'json'], valid: createdRecord },
  // Contents the sandbox refuses, so that it stops before it listens, however the file was read.
  { name: '--faults', args: (p) => ['sandbox', '--port', '0', '--faults', p], valid: '{"noSuchOperation": []}' },
  { name: '--tls-cert', args: (p) => ['sandbox', '--host', '192.0.2.1', '--port', '0', '--tls-cert', p, '--tls-key', '/dev/null'], valid: pemLike },
  { name: '--tls-key', args: (p) => ['sandbox', '--host', '192.0.2.1', '--port', '0', '--tls-key', p, '--tls-cert', '/dev/null'], valid: pemLike },
];

/** What one run showed, with the path it was given written as PATH, so that runs over different paths compare. */
function seen(result: IpctlResult, path: string): { code: number; stdout: string; stderr: string } {
  const plain = (text: string) => text.split(path).join('PATH');
  return { code: result.code, stdout: plain(result.stdout), stderr: plain(result.stderr) };
}

async function runRead(target: ReadTarget, kind: PathKind, content: string): Promise<{ result: IpctlResult; path: string }> {
  const made = await makePath(caseDir(), 'input', kind, content);
  try {
    const result = await ipctl(target.args(made.path), { env: fixture.env(target.env?.(made.path) ?? {}), timeoutMs: bound });
    return { result, path: made.path };
  } finally {
    await made.release();
  }
}

const contents = (target: ReadTarget) => fc.constantFrom(target.valid, '', 'not what the flag wants \u0000');

/** Each read flag, named as a test title shows it. */
const readCases = readTargets.map((target) => [`${target.name || 'report RESULTS'} (${target.args('PATH').slice(0, 2).join(' ')})`, target] as const);

describe.each(readCases)('a path that ipctl only reads: %s', (_name, target) => {
  it.each(pathKinds.filter((kind) => readAsFile.has(kind) || readAsEmpty.has(kind)))('%s: read as the file it carries', async (kind) => {
    await fc.assert(
      fc.asyncProperty(contents(target), async (content) => {
        await fixture.clearRequests();
        const { result, path } = await runRead(target, kind, content);
        const requests = await fixture.requests();
        await fixture.clearRequests();
        const plain = await runRead(target, 'regular file', readAsEmpty.has(kind) ? '' : content);
        expect(seen(result, path), `${kind}: ${result.stderr}`).toEqual(seen(plain.result, plain.path));
        expect(await fixture.requests()).toHaveLength(requests.length);
      }),
      fuzzParameters(2),
    );
  });

  it.each(pathKinds.filter((kind) => !readAsFile.has(kind) && !readAsEmpty.has(kind)))('%s: exit 2 naming it, nothing sent', async (kind) => {
    await fixture.clearRequests();
    const { result, path } = await runRead(target, kind, target.valid);
    expect(result.code, `${kind}: ${result.stderr}`).toBe(2);
    expect(result.stderr).toContain(target.name || path);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await fixture.requests()).toEqual([]);
  });
});

interface WriteTarget {
  /** How messages name it: the flag, or the profile file's path. */
  name: (path: string) => string;
  /** The command, given the case's folder and the path under test. */
  run(folder: string, path: string): { args: string[]; env: Record<string, string> };
  /** Where the path goes: a name in the case's folder. */
  at: string;
  /** A command that only reads the file reads it through a link. */
  readsOnly?: boolean;
  /** The path is a folder's: a directory, or a link to one, is what it must be. */
  folder?: boolean;
}

let rows = 0;
/** A one-row input file the sandbox would accept, with a key no other case uses. */
function oneRow(folder: string): string {
  const path = join(folder, 'rows.jsonl');
  writeFileSync(path, `${JSON.stringify({ provider: 'pipedrive', groupRef: `paths-${process.pid}-${++rows}`, consumerRef: 'c', apiKey: 'sk_paths_0123456789' })}\n`);
  return path;
}

/** Every path ipctl writes, appends to or syncs (docs/reliability.md, "Crashes and full disks"). */
const writeTargets: Array<[string, WriteTarget]> = [
  ['connections generate --results', { at: 'results.jsonl', name: () => '--results', run: (folder, path) => ({ args: ['connections', 'generate', '--project', 'demo', '--from-file', oneRow(folder), '--format', 'jsonl', '--results', path], env: {} }) }],
  [
    'connections remove --results',
    {
      at: 'removed.jsonl',
      name: () => '--results',
      run: (folder, path) => {
        writeFileSync(join(folder, 'import.jsonl'), createdRecord);
        return { args: ['connections', 'remove', '--project', 'demo', '--from-results', join(folder, 'import.jsonl'), '--results', path, '--yes'], env: {} };
      },
    },
  ],
  ['the profile file (profile add)', { at: 'config/config.json', name: (path) => path, run: (folder) => ({ args: ['profile', 'add', 'paths', '--base-url', 'https://api.example.com/v1'], env: { IPCTL_CONFIG_DIR: join(folder, 'config') } }) }],
  ['the profile file (profile list)', { at: 'config/config.json', readsOnly: true, name: (path) => path, run: (folder) => ({ args: ['profile', 'list'], env: { IPCTL_CONFIG_DIR: join(folder, 'config') } }) }],
  ['IPCTL_CONFIG_DIR (profile add)', { at: 'config', folder: true, name: () => 'IPCTL_CONFIG_DIR', run: (_folder, path) => ({ args: ['profile', 'add', 'paths', '--base-url', 'https://api.example.com/v1'], env: { IPCTL_CONFIG_DIR: path } }) }],
];

describe.each(writeTargets)('a path that ipctl writes, appends to or syncs: %s', (_name, target) => {
  // A device stands at a fixed name only as a link to it.
  const kinds = pathKinds.filter((kind) => !writable.has(kind) && !(target.at.includes('/') && kind.startsWith('/dev/')) && !(target.readsOnly && kind === 'symbolic link to a file') && !(target.folder && kind.endsWith('directory')));
  it.each(kinds)('%s: exit 2 naming it; nothing sent, nothing written there', async (kind) => {
    await fixture.clearRequests();
    const folder = caseDir();
    if (target.at.includes('/')) mkdirSync(join(folder, 'config'));
    const made = await makePath(folder, target.at, kind, '');
    try {
      const { args, env } = target.run(folder, made.path);
      const result = await ipctl(args, { env: fixture.env(env), timeoutMs: bound });
      expect(result.code, `${kind}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(target.name(made.path));
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(await fixture.requests()).toEqual([]);
    } finally {
      await made.release();
    }
  });
});
