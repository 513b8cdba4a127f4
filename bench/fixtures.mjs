// What the benchmarks share: a sandbox started as a user would, and a profile pointing at it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { registryNodePath } from '../scripts/registry-node.mjs';

export const ipctl = join(import.meta.dirname, '..', 'bin', 'ipctl.cjs');

/** `ipctl sandbox --port 0 --json`, with what its one JSON line says, and the process to stop. */
export async function startSandbox() {
  const child = spawn(process.execPath, [ipctl, 'sandbox', '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const { value } = await lines.next();
  return { ...JSON.parse(value), process: child };
}

/** A profile file in `dir` whose current profile holds the sandbox's URLs and credentials. */
export function writeConfig(dir, info) {
  mkdirSync(dir, { recursive: true });
  const config = { current: 'bench', profiles: { bench: { baseUrl: info.baseUrl, searchUrl: info.searchUrl, org: info.org, project: info.project, apiKey: info.apiKey, token: info.token } } };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config), { mode: 0o600 });
}

/** Node `major` from the npm registry's `node` package (installed once into .cache/). */
export function registryNode(major) {
  const path = registryNodePath(major);
  const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
  return { name: `Node ${version}`, path, major };
}
