import { describe, expect, it } from 'vitest';
import { circles } from '../helpers/import-circles.js';
import { readMetafile } from '../helpers/metafile.js';

/**
 * The layer order of docs/architecture.md, lowest first: a source file may import
 * its own layer and those below it, never one above. Read from the build's metafile,
 * so only imports that run count (a type-only import is erased by the build).
 */
const layers: Array<[name: string, matches: (file: string) => boolean]> = [
  ['host', (file) => /^src\/(deps|host|host-fs|host-clock|host-ui|host-pager|detached|file-reads|file-writes|path-kind|installation|nesting|version|errors|words)\.ts$/.test(file) || /^src\/(schema|types)\//.test(file)],
  ['config', (file) => file.startsWith('src/config/')],
  ['api', (file) => file.startsWith('src/api/')],
  ['output', (file) => file.startsWith('src/output/')],
  ['command model', (file) => file.startsWith('src/command-model/') || ['src/completion/values.ts', 'src/completion/scripts/files.ts'].includes(file)],
  ['commands', (file) => file.startsWith('src/commands/')],
  ['kernel', (file) => /^src\/(run|context|main|compile-cache|standalone)\.ts$/.test(file) || /^src\/(cli|help)\//.test(file) || (file.startsWith('src/completion/') && file !== 'src/completion/remote.ts')],
];
/** Domain modules (connections/, destinations/, search/, the sandbox…) sit between output and the command model. */
const domainLayer = layers.findIndex(([name]) => name === 'command model') - 0.5;

function layerOf(file: string): number {
  const index = layers.findIndex(([, matches]) => matches(file));
  return index === -1 ? domainLayer : index;
}

function sourceImports(): Array<{ from: string; to: string; kind: string }> {
  const { inputs } = readMetafile() as unknown as { inputs: Record<string, { imports: Array<{ path: string; kind: string }> }> };
  return Object.entries(inputs)
    .filter(([from]) => from.startsWith('src/'))
    .flatMap(([from, input]) => input.imports.filter((imported) => imported.path.startsWith('src/')).map((imported) => ({ from, to: imported.path, kind: imported.kind })));
}

describe('layers', () => {
  it('no import runs up the layer order', () => {
    const upward = sourceImports()
      .filter(({ from, to }) => layerOf(to) > layerOf(from))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(upward).toEqual([]);
  });

  it('no source file imports itself back at run time, statically or lazily', () => {
    const graph = new Map<string, string[]>();
    for (const { from, to } of sourceImports()) graph.set(from, [...(graph.get(from) ?? []), to]);
    expect(circles(graph)).toEqual([]);
  });

  it('the rule can fail: an import from config into the kernel is upward, and a circle is found', () => {
    expect(layerOf('src/run.ts')).toBeGreaterThan(layerOf('src/config/read.ts'));
    expect(layerOf('src/connections/bulk/run.ts')).toBeGreaterThan(layerOf('src/output/render.ts'));
    expect(layerOf('src/command-model/command.ts')).toBeGreaterThan(layerOf('src/projects/project-ref.ts'));
    expect(layerOf('src/commands/orgs/get/index.ts')).toBeGreaterThan(layerOf('src/command-model/command.ts'));
    expect(layerOf('src/commands/registry.ts')).toBeGreaterThan(layerOf('src/connections/bulk/run.ts'));
    expect(layerOf('src/run.ts')).toBeGreaterThan(layerOf('src/commands/search/index.ts'));
    expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual([['a', 'b', 'c']]);
  });
});
