import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript without declarations
import { withoutExternalModules } from '../../scripts/external-modules.mjs';
import { tempDir } from '../helpers/cli.js';

const work = tempDir('ipctl-external-');
afterAll(() => work.remove());

/** A script bundled as scripts/package.mjs bundles the standalone executable's, then run; its stdout. */
async function bundledAndRun(source: string): Promise<string> {
  const entry = join(work.path, 'entry.ts');
  const outfile = join(work.path, 'bundle.cjs');
  writeFileSync(entry, source);
  await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', logLevel: 'silent', supported: { 'dynamic-import': false }, plugins: [withoutExternalModules] });
  return execFileSync(process.execPath, [outfile], { encoding: 'utf8' });
}

describe('native modules in the standalone executable', () => {
  it('bundles without them, and a lazy import of one fails as a module that is not installed', async () => {
    const source = `
      console.log('started');
      import('@napi-rs/keyring').then(
        () => console.log('loaded'),
        (error) => console.log('unavailable', error.code),
      );
      import('./addon.node').catch((error) => console.log('addon', error.code));
    `;
    expect(await bundledAndRun(source)).toBe('started\nunavailable MODULE_NOT_FOUND\naddon MODULE_NOT_FOUND\n');
  });
});
