// Every path ipctl writes, appends to or syncs (a bulk import's and a removal's
// --results, the profile file and its folder), given every kind of thing a path
// can name but a regular file (README, exit code 2: "a path ipctl may not
// write"; docs/security.md): exit 2 naming it, nothing sent, nothing written
// there, and nothing hangs. Paths only read: paths-read.test.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ipctl } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { caseBound, makePath, pathKinds, writable, useCaseFolders } from './path-kinds.js';

const fixture = useFixture();
const caseDir = useCaseFolders('ipctl-paths-write-');
const bound = caseBound;

const createdRecord = `${JSON.stringify({ line: 1, status: 'created', provider: 'pipedrive', groupRef: 'g', consumerRef: 'c', connectionId: 'conn_paths_none', projectId: 'proj_demo', time: '2026-11-22T00:00:00.000Z' })}\n`;

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
  /** What a file there holds: what the command would otherwise take. */
  content?: string;
}

/** A valid profile file (README, "The profile file"). */
const profiles = '{"profiles": {}}\n';

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
  ['the profile file (profile add)', { at: 'config/config.json', content: profiles, name: (path) => path, run: (folder) => ({ args: ['profile', 'add', 'paths', '--base-url', 'https://api.example.com/v1'], env: { IPCTL_CONFIG_DIR: join(folder, 'config') } }) }],
  ['the profile file (profile list)', { at: 'config/config.json', content: profiles, readsOnly: true, name: (path) => path, run: (folder) => ({ args: ['profile', 'list'], env: { IPCTL_CONFIG_DIR: join(folder, 'config') } }) }],
  ['IPCTL_CONFIG_DIR (profile add)', { at: 'config', folder: true, name: () => 'IPCTL_CONFIG_DIR', run: (_folder, path) => ({ args: ['profile', 'add', 'paths', '--base-url', 'https://api.example.com/v1'], env: { IPCTL_CONFIG_DIR: path } }) }],
];

describe.each(writeTargets)('a path that ipctl writes, appends to or syncs: %s', (_name, target) => {
  // A device stands at a fixed name only as a link to it.
  const kinds = pathKinds.filter((kind) => !writable.has(kind) && !(target.at.includes('/') && kind.startsWith('/dev/')) && !(target.readsOnly && kind === 'symbolic link to a file') && !(target.folder && kind.endsWith('directory')));
  it.each(kinds)('%s: exit 2 naming it; nothing sent, nothing written there', async (kind) => {
    await fixture.clearRequests();
    const folder = caseDir();
    if (target.at.includes('/')) mkdirSync(join(folder, 'config'));
    const made = await makePath(folder, target.at, kind, target.content ?? '');
    try {
      const { args, env } = target.run(folder, made.path);
      const result = await ipctl(args, { env: fixture.env(env), timeoutMs: bound });
      expect(result.code, `${kind}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(target.name(made.path));
      expect(result.stderr).not.toMatch(/\n\s+at /);
      // What it is, in words: not a message about the content of something read by mistake.
      expect(result.stderr).toMatch(/is (a directory|a named pipe|a socket|a device|a symbolic link|not a regular file|a regular file, not a folder)/);
      expect(await fixture.requests()).toEqual([]);
      if (kind === 'symbolic link to a file') expect(readFileSync(`${made.path}.target`, 'utf8')).toBe(target.content ?? '');
    } finally {
      await made.release();
    }
  });
});
