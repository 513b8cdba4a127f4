import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { circles } from '../helpers/import-circles.js';

/**
 * docs/architecture.md: at most two import circles among the sources, counting
 * every import the TypeScript sources write, type-only ones too (the bundle
 * erases those, so test/e2e/layers.test.ts cannot see them). A circle is a set of
 * files each reachable from the others (a strongly connected component).
 */
const mostCircles = 2;

/** The files a source's text imports: static, type-only, re-exported and lazy (import()), resolved from `file`'s folder. */
function importsOf(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('./') || name.startsWith('../'))
    .map((name) => posix.normalize(posix.join(dirname(file), name)).replace(/\.js$/, '.ts'));
}

function sourceGraph(): Map<string, string[]> {
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
    .map((name) => posix.join('src', name.split('\\').join('/')))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts'));
  const known = new Set(files);
  return new Map(files.map((file) => [file, [...new Set(importsOf(file, readFileSync(join(file), 'utf8')))].filter((to) => known.has(to))]));
}

describe('import circles, type-only imports counted', () => {
  it(`there are at most ${mostCircles} among the sources`, () => {
    const found = circles(sourceGraph());
    expect(found.length, `the circles:\n${found.map((circle) => circle.join(' ')).join('\n')}`).toBeLessThanOrEqual(mostCircles);
  });

  it('reads every kind of import, and the graph has the files', () => {
    const text = [
      "import type { Context } from '../context.js';",
      "import { type Flag, flag } from './flag.js';",
      "export type { Settings } from '../config/resolve.js';",
      "export * from './help.js';",
      "const later = () => import('./later.js');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf('src/command-model/command.ts', text).sort()).toEqual(
      ['src/command-model/flag.ts', 'src/command-model/help.ts', 'src/command-model/later.ts', 'src/config/resolve.ts', 'src/context.ts'].sort(),
    );
    const graph = sourceGraph();
    expect(graph.get('src/commands/registry.ts')).toContain('src/commands/search/index.ts');
    expect(graph.get('src/context.ts')).toContain('src/command-model/globals.ts');
  });

  it('a circle made only of type-only imports counts', () => {
    const graph = new Map([
      ['src/a.ts', importsOf('src/a.ts', "import type { B } from './b.js';")],
      ['src/b.ts', importsOf('src/b.ts', "import type { A } from './a.js';")],
    ]);
    expect(circles(graph)).toEqual([['src/a.ts', 'src/b.ts']]);
  });
});
