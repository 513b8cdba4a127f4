// Usage: node scripts/registry-node.mjs MAJOR — prints the path of a Node MAJOR binary from the
// npm registry's `node` package, installed once into .cache/node-MAJOR/ (what CI and the
// benchmarks run besides the machine's own Node). Exit 1, saying why, if npm cannot install it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function registryNodePath(major) {
  const prefix = fileURLToPath(new URL(`../.cache/node-${major}`, import.meta.url));
  const binary = join(prefix, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(binary)) {
    execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `node@${major}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return binary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const major = process.argv[2];
  if (!/^\d+$/.test(major ?? '')) {
    console.error('usage: node scripts/registry-node.mjs MAJOR');
    process.exit(2);
  }
  try {
    console.log(registryNodePath(major));
  } catch (error) {
    console.error(`Could not install node@${major} from the npm registry: ${error.message}`);
    process.exit(1);
  }
}
