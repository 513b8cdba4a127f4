// Every path flag and argument that ipctl only reads, given every kind of thing
// a path can name (README, "Everything is bounded" and "Files are read as
// written"; docs/security.md): a pipe, a FIFO and a symbolic link are read as
// the file they carry (the same outcome as that file), /dev/null as an empty
// file, and what cannot be read as a file is exit 2 naming the flag, nothing
// sent. Nothing hangs: each run has a bound, and a FIFO whose writer stays
// silent gives way to Ctrl-C (exit 130). Paths written: paths-write.test.ts.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ipctl, type IpctlResult } from '../helpers/in-process.js';
import { until } from '../helpers/until.js';
import { useFixture } from '../helpers/sandbox.js';
import { fuzzParameters } from './arbitraries.js';
import { caseBound, makePath, type PathKind, pathKinds, readAsEmpty, readAsFile, useCaseFolders } from './path-kinds.js';

const fixture = useFixture();
const caseDir = useCaseFolders('ipctl-paths-');
const bound = caseBound;

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

/** What a regular file of each content showed, for each target, and how many requests it sent. */
const plainRuns = new Map<ReadTarget, Map<string, { shown: ReturnType<typeof seen>; requests: number }>>();

/**
 * A run of `target` on a regular file holding `content`, made once: every kind of path is compared
 * with it, and it shows the same each time (the comparison itself holds runs made apart to that).
 */
async function plainRun(target: ReadTarget, content: string): Promise<{ shown: ReturnType<typeof seen>; requests: number }> {
  const ofTarget = plainRuns.get(target) ?? new Map<string, { shown: ReturnType<typeof seen>; requests: number }>();
  plainRuns.set(target, ofTarget);
  const known = ofTarget.get(content);
  if (known) return known;
  await fixture.clearRequests();
  const { result, path } = await runRead(target, 'regular file', content);
  const made = { shown: seen(result, path), requests: (await fixture.requests()).length };
  ofTarget.set(content, made);
  return made;
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
        const plain = await plainRun(target, readAsEmpty.has(kind) ? '' : content);
        expect(seen(result, path), `${kind}: ${result.stderr}`).toEqual(plain.shown);
        expect(requests).toHaveLength(plain.requests);
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


/** How many descriptors of this process are open on `path` (Linux's /proc/self/fd; none elsewhere). */
function openOn(path: string): number {
  try {
    return readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === path;
      } catch {
        return false;
      }
    }).length;
  } catch {
    return 0;
  }
}

describe('a FIFO whose writer sends nothing', () => {
  it.each(readCases)('%s: Ctrl-C ends the wait at once (exit 130), nothing sent', async (_name, target) => {
    await fixture.clearRequests();
    const fifo = join(caseDir(), 'silent');
    execFileSync('mkfifo', [fifo]);
    // Opened read-write, the test's descriptor is a writer that never blocks, and never writes.
    const writer = openSync(fifo, 'r+');
    const controller = new AbortController();
    const started = Date.now();
    try {
      const running = ipctl(target.args(fifo), { env: fixture.env(target.env?.(fifo) ?? {}), signal: controller.signal, timeoutMs: 8_000 });
      // Ctrl-C once ipctl has the FIFO open (a second descriptor on it, in this process), waiting on it;
      // at the latest after 300 ms, where /proc cannot say.
      await until(() => openOn(fifo) > 1 || Date.now() - started >= 300, 'ipctl opening the FIFO');
      controller.abort();
      const result = await running;
      expect(result.code, result.stderr).toBe(130);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await fixture.requests()).toEqual([]);
    } finally {
      closeSync(writer);
    }
  });
});
