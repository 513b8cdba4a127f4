import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';

const root = join(import.meta.dirname, '..', '..');
const script = join(root, 'scripts', 'figures.mjs');
const resultsPath = join(root, 'bench', 'results.json');
const work = tempDir('ipctl-figures-');
afterAll(() => work.remove());

function figures(...args: string[]) {
  return spawnSync(process.execPath, [script, ...args], { cwd: work.path, encoding: 'utf8' });
}

/** A copy of docs/performance.md and of bench/results.json as `change` leaves it, in a folder of their own. */
function copies(name: string, change: (results: Record<string, any>) => void) {
  const readme = join(work.path, `${name}.md`);
  const results = join(work.path, `${name}.json`);
  copyFileSync(join(root, 'docs', 'performance.md'), readme);
  const parsed = JSON.parse(readFileSync(resultsPath, 'utf8'));
  change(parsed);
  writeFileSync(results, JSON.stringify(parsed));
  return { readme, results };
}

/** The lines from a heading to the next heading of the same level or above. */
function sectionOf(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  expect(start, `${heading} is in the file`).toBeGreaterThanOrEqual(0);
  const level = heading.indexOf(' ');
  const next = lines.findIndex((line, index) => index > start && /^#+ /.test(line) && line.indexOf(' ') <= level);
  return lines.slice(start, next === -1 ? undefined : next).join('\n');
}

const renderedBlock = /<!-- figures:[a-z][a-z0-9-]* -->[\s\S]*?<!-- \/figures -->/g;
/** A number with a unit of time, size, rate or ratio: what only a rendered block may quote. */
const figure = /\d(?:[\d,.]*\d)?\s*(?:×|%|(?:ms|µs|s|MiB|KiB|MB|KB|GiB|GB|rows\/s|times|x)\b)/g;

describe('npm run figures', () => {
  it('--check finds README.md and docs/ as bench/results.json renders them', () => {
    const checked = spawnSync(process.execPath, [script, '--check'], { cwd: root, encoding: 'utf8' });
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });

  it('--check fails, naming the file and the block, when the results say otherwise; without --check it rewrites them', () => {
    const { readme, results } = copies('changed', (parsed) => {
      parsed.startup.nodes[0].targets.version.timeRatio = 9.8765;
      parsed.bulk.rateRatio = 54.321;
    });
    const before = readFileSync(readme, 'utf8');
    const checked = figures('--check', '--results', results, readme);
    expect(checked.status).toBe(1);
    expect(checked.stdout).toContain('changed.md: figures:startup');
    expect(checked.stdout).toContain('changed.md: figures:bulk');
    expect(readFileSync(readme, 'utf8')).toBe(before);

    expect(figures('--results', results, readme).status).toBe(0);
    const after = readFileSync(readme, 'utf8');
    expect(after).toMatch(/\| `ipctl --version` \| `node -e 0` \| 9\.88× \|/);
    expect(after).toContain('| 54× the loop');
    expect(figures('--check', '--results', results, readme).status).toBe(0);
  });

  it('says met or missed from the targets saved beside the figures', () => {
    const row = (ratioValue: number, limit: number) => {
      const { readme, results } = copies(`verdict-${ratioValue}-${limit}`, (parsed) => {
        for (const node of parsed.startup.nodes) Object.assign(node.targets.help, { timeRatio: ratioValue, timeLimit: limit });
        parsed.bulk.memory.ratio = ratioValue;
        parsed.bulk.targets.memory = limit;
      });
      expect(figures('--results', results, readme).status).toBe(0);
      const text = readFileSync(readme, 'utf8');
      return { help: text.split('\n').find((line) => line.startsWith('| `ipctl --help` |')), memory: text.split('\n').find((line) => line.startsWith('| peak memory,')) };
    };
    expect(row(1.1, 1.15).help).toMatch(/\| ≤1\.15× \(met\) \|$/);
    expect(row(1.2, 1.15).help).toMatch(/\| ≤1\.15× \(missed\) \|$/);
    expect(row(1.2, 1.25).help).toMatch(/\| ≤1\.25× \(met\) \|$/);
    expect(row(1.2, 1.15).memory).toMatch(/\| ≤1\.15× \(missed\) \|$/);
    expect(row(1.1, 1.15).memory).toMatch(/\| ≤1\.15× \(met\) \|$/);
  });

  it('lists the targets missed, from every section, and says so when none was', () => {
    const missing = copies('missed', (parsed) => {
      for (const node of parsed.startup.nodes) Object.assign(node.targets.version, { timeRatio: 1.3, timeLimit: 1.25 });
    });
    expect(figures('--results', missing.results, missing.readme).status).toBe(0);
    expect(readFileSync(missing.readme, 'utf8')).toMatch(/^- `ipctl --version` on Node [\d.]+, time against `node -e 0`: 1\.30× \(≤1\.25×\)$/m);

    const none = copies('none-missed', (parsed) => {
      for (const node of parsed.startup.nodes) {
        for (const measured of Object.values(node.targets) as { timeLimit: number | null; memoryLimit: number | null }[]) {
          if (measured.timeLimit !== null) measured.timeLimit = 1000;
          if (measured.memoryLimit !== null) measured.memoryLimit = 1000;
        }
      }
      parsed.bulk.targets = { rate: 1, memory: 1000 };
      delete parsed.bulkScale;
    });
    expect(figures('--results', none.results, none.readme).status).toBe(0);
    expect(readFileSync(none.readme, 'utf8')).toContain('<!-- figures:missed -->\nThe latest runs met every target.\n<!-- /figures -->');
  });

  it('renders the bulk import at scale when its section is there, and says it is not measured when it is not', () => {
    const absent = copies('scale-absent', (parsed) => {
      delete parsed.bulkScale;
    });
    expect(figures('--results', absent.results, absent.readme).status).toBe(0);
    expect(sectionOf(readFileSync(absent.readme, 'utf8'), '# Performance')).toContain('<!-- figures:bulk-scale -->\nFigures not measured yet (`npm run bench:bulk`');

    const floor = { rowsPerSecond: 1000, cpuMicrosPerRow: 200, rssMiB: 60 };
    const present = copies('scale-present', (parsed) => {
      parsed.bulkScale = {
        date: '2026-01-02',
        targets: { rateAt: 100_000, rate: 0.8, cpu: 1.5, memory: 1.25 },
        nodes: [{ node: '24.1.0', sizes: [{ rows: 1_000, floor, ipctl: { rowsPerSecond: 500, cpuMicrosPerRow: 400, rssMiB: 80 } }, { rows: 100_000, floor, ipctl: { rowsPerSecond: 900, cpuMicrosPerRow: 360, rssMiB: 90 } }] }],
      };
    });
    expect(figures('--results', present.results, present.readme).status).toBe(0);
    const text = readFileSync(present.readme, 'utf8');
    expect(text).toContain('| Node 24.1 | 100,000 | 1,000 | 900 | 0.90× | 200 µs | 360 µs | 1.80× | 60.0 MiB | 90.0 MiB |');
    expect(text).toContain('- Node 24.1, 100,000 rows: the import\'s rate against the floor\'s: 0.90× (≥0.8×, met)');
    expect(text).toContain('- Node 24.1, 100,000 rows: CPU per row against the floor\'s: 1.80× (≤1.5×, missed)');
    expect(text).toContain('- Node 24.1: peak RSS at 100,000 rows against 1,000: 1.13× (≤1.25×, met)');
    expect(sectionOf(text, '# Performance')).toContain('- Node 24.1, 100,000 rows: CPU per row against the floor\'s: 1.80× (≤1.5×)\n');
  });

  it('stops, naming the block, at a block it has no renderer for', () => {
    const readme = join(work.path, 'unknown.md');
    writeFileSync(readme, 'text <!-- figures:no-such-block -->1 ms<!-- /figures -->\n');
    const checked = figures('--check', readme);
    expect(checked.status).toBe(2);
    expect(checked.stderr).toContain('figures:no-such-block');
  });

  it('stops, naming the block, at a section of a shape it cannot render', () => {
    const { readme, results } = copies('reshaped', (parsed) => {
      parsed.startup = { date: '2026-01-02' };
    });
    const checked = figures('--check', '--results', results, readme);
    expect(checked.status).toBe(2);
    expect(checked.stderr).toMatch(/^reshaped\.md: figures:startup could not be rendered from the results file/);
    expect(checked.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('figures quoted in the docs', () => {
  const readme = readFileSync(join(root, 'docs', 'performance.md'), 'utf8');
  const sections = [
    { file: 'docs/performance.md', text: sectionOf(readme, '# Performance') },
    { file: 'docs/commands/connections-bulk.md', text: sectionOf(readFileSync(join(root, 'docs/commands/connections-bulk.md'), 'utf8'), '### Speed and memory (`npm run bench`)') },
    { file: 'docs/completions.md', text: readFileSync(join(root, 'docs/completions.md'), 'utf8') },
  ];

  it.each(sections)('$file quotes no figure outside a rendered block', ({ text }) => {
    expect(text.replace(renderedBlock, '').match(figure) ?? []).toEqual([]);
  });

  it('the pattern finds the figures the blocks render (it is not blind)', () => {
    const inBlocks = sectionOf(readme, '# Performance').match(renderedBlock)?.join('\n') ?? '';
    expect(inBlocks.match(figure)?.length ?? 0).toBeGreaterThan(20);
    expect('took 12 ms, 1.5×, 185.2 MiB, 1,795 rows/s, 20 s, about 1.6 times'.match(figure)).toEqual(['12 ms', '1.5×', '185.2 MiB', '1,795 rows/s', '20 s', '1.6 times']);
  });

  it('each section of bench/results.json is rendered in docs/performance.md', () => {
    const blocks = { startup: 'figures:startup', standalone: 'figures:standalone', bulk: 'figures:bulk', bulkScale: 'figures:bulk-scale', bulkFloor: 'figures:bulk-floor' };
    for (const section of Object.keys(JSON.parse(readFileSync(resultsPath, 'utf8')))) {
      expect(blocks, `a block for section ${section}`).toHaveProperty(section);
      expect(readme).toContain(`<!-- ${blocks[section as keyof typeof blocks]} -->`);
    }
  });
});
