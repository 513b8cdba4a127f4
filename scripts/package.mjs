// npm run package: ipctl as a Node single executable application (SEA) for this OS and
// architecture, release/ipctl-<version>-<os>-<arch>, with its .sha256 beside it. Node 24 from
// the npm registry's `node` package runs inside it, whatever Node runs this script. Its main
// script is one esbuild bundle of src/standalone.ts with every lazily loaded module inlined,
// compiled ahead into a code cache; the overview of `ipctl --help` is an asset.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { currentBuildDir } from './dist-layout.mjs';
import { withoutExternalModules } from './external-modules.mjs';
import { registryNodePath } from './registry-node.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const nodeMajor = 24;
/** The sentinel Node's SEA support looks for (Node's documentation, "Single executable applications"). */
const fuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const name = `ipctl-${version}-${process.platform}-${process.arch}`;
const release = join(root, 'release');
const executable = join(release, process.platform === 'win32' ? `${name}.exe` : name);
const work = mkdtempSync(join(tmpdir(), 'ipctl-package-'));

try {
  const overview = join(currentBuildDir(join(root, 'dist')), 'overview.txt');
  const node = nodeToEmbed();
  const script = await bundle(join(work, 'ipctl.cjs'));
  const blob = join(work, 'ipctl.blob');
  const config = {
    main: script,
    output: blob,
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
    // As a Go binary would, the executable ignores NODE_OPTIONS: a --require or --import there must not run code inside it.
    execArgvExtension: 'none',
    assets: { 'overview.txt': overview },
  };
  writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config));
  execFileSync(node, ['--experimental-sea-config', join(work, 'sea-config.json')], { stdio: ['ignore', 'ignore', 'inherit'] });

  mkdirSync(release, { recursive: true });
  rmSync(executable, { force: true });
  copyFileSync(node, executable);
  chmodSync(executable, 0o755);
  stripSymbols(executable);
  // As Node's documentation says: macOS refuses a binary whose signature no longer matches, so it is removed, then signed anew.
  if (process.platform === 'darwin') execFileSync('codesign', ['--remove-signature', executable]);
  const postject = join(root, 'node_modules', 'postject', 'dist', 'cli.js');
  const machO = process.platform === 'darwin' ? ['--macho-segment-name', 'NODE_SEA'] : [];
  // postject's ELF parser warns about every note section of a stripped binary: its words matter only if it fails.
  const injected = spawnSync(process.execPath, [postject, executable, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', fuse, ...machO], { encoding: 'utf8' });
  if (injected.status !== 0) throw new Error(`postject failed (exit ${injected.status}):\n${injected.stderr}`);
  if (process.platform === 'darwin') execFileSync('codesign', ['--sign', '-', executable]);

  const digest = createHash('sha256').update(readFileSync(executable)).digest('hex');
  writeFileSync(`${executable}.sha256`, `${digest}  ${name}${process.platform === 'win32' ? '.exe' : ''}\n`);
  console.log(`${executable}: ${(readFileSync(executable).length / 2 ** 20).toFixed(1)} MiB, Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()} inside`);
} catch (error) {
  console.error(`package: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

function nodeToEmbed() {
  try {
    return registryNodePath(nodeMajor);
  } catch (error) {
    throw new Error(`could not install node@${nodeMajor} from the npm registry to build with: ${error.message}`);
  }
}

/**
 * src/standalone.ts and everything it loads as one CommonJS file: a SEA's main script can
 * require() only Node's own modules, and its code cache cannot hold an import().
 */
async function bundle(outfile) {
  await build({
    entryPoints: [join(root, 'src', 'standalone.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: `node${nodeMajor}`,
    format: 'cjs',
    minify: true,
    logLevel: 'warning',
    supported: { 'dynamic-import': false },
    define: { 'import.meta.dirname': '__dirname' },
    plugins: [withoutExternalModules],
  });
  return outfile;
}

/** Node's debug symbols (about 15 MiB) serve nothing ipctl does; without `strip` they stay. */
function stripSymbols(file) {
  if (process.platform !== 'linux') return;
  try {
    execFileSync('strip', [file], { stdio: 'ignore' });
  } catch {
    console.warn('package: no `strip` on PATH; the executable keeps its debug symbols.');
  }
}
