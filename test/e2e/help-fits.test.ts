// README, Output, "Help fits the terminal": every command's --help and every
// help topic, at 60, 80 and 120 columns, colour on and off. Widths are measured
// by the C library's wcwidth (helpers/display-width.ts); the unwrapped text is
// the same help at a width nothing needs wrapping at.
import { describe, expect, it } from 'vitest';
import { registry } from '../../src/commands/registry.js';
import { displayWidths, withoutSgr } from '../helpers/display-width.js';
import { runMain } from '../helpers/in-process.js';

const { commands, groups } = registry;

/** docs/commands.md, `ipctl help [exit-codes | environment | retries | commands | COMMAND]`. */
const topics = ['exit-codes', 'environment', 'retries', 'commands'];

/** Every help there is: the overview, each group's, each command's, `help`'s own, each topic. */
const helps: string[][] = [
  ['--help'],
  ...Object.keys(groups).map((group) => [group, '--help']),
  ...commands.map((entry) => [...entry.path, '--help']),
  ['help', '--help'],
  ...topics.map((topic) => ['help', topic]),
];

const unwrappedWidth = 100_000;

async function help(args: string[], columns: number, color: boolean): Promise<string> {
  // At a terminal colour is on unless NO_COLOR says otherwise (README, Output: Color).
  const result = await runMain(args, { env: color ? {} : { NO_COLOR: '1' }, terminal: { stdout: true, stderr: true }, columns });
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  expect(result.stderr).toBe('');
  return result.stdout;
}

const words = (line: string): string[] => line.split(/\s+/).filter((word) => word !== '' && word !== '\\');

/** Each example (`$ …`), its continuation lines (after ` \`) joined on. */
function examples(text: string): string[] {
  const found: string[] = [];
  let open = false;
  for (const line of text.split('\n')) {
    if (open) found[found.length - 1] += ` ${line.trim().replace(/ \\$/, '')}`;
    else if (/^\s*\$ /.test(line)) found.push(line.trim().replace(/ \\$/, ''));
    open = (open || /^\s*\$ /.test(line)) && / \\$/.test(line);
  }
  // Spaces between a shell's words are one or many alike.
  return found.map((example) => example.replace(/\s+/g, ' '));
}

const unwrapped = new Map<string, string>();
const plainAt = new Map<number, Map<string, string>>();
for (const args of helps) unwrapped.set(args.join(' '), await help(args, unwrappedWidth, false));

describe.each([60, 80, 120])('at %i columns', (columns) => {
  describe.each([false, true])('colour %s', (color) => {
    const fitted = new Map<string, string>();
    if (!color) plainAt.set(columns, fitted);

    it('no line of any help is wider than the terminal', async () => {
      for (const args of helps) fitted.set(args.join(' '), await help(args, columns, color));
      const lines = [...fitted.entries()].flatMap(([name, text]) => text.split('\n').map((line) => ({ name, line: withoutSgr(line) })));
      const widths = displayWidths(lines.map(({ line }) => line));
      const tooWide = lines.filter((_, index) => widths[index]! > columns).map(({ name, line }) => `${name}: ${line}`);
      expect(tooWide).toEqual([]);
      if (color) expect([...fitted.values()].join('')).toMatch(/\u001b\[1mOptions:\u001b\[22m/);
    });

    it('splits no word and loses none: the words are those of the unwrapped text, in order', () => {
      for (const [name, text] of fitted) {
        const original = unwrapped.get(name)!;
        expect(words(withoutSgr(text)), name).toEqual(words(original));
        // The same multiset, counted, for a failure that says which word.
        const count = (list: string[]) => list.reduce((map, word) => map.set(word, (map.get(word) ?? 0) + 1), new Map<string, number>());
        expect(count(words(withoutSgr(text))), name).toEqual(count(words(original)));
      }
    });

    it('in colour is the same text, headings in bold', () => {
      if (!color) return expect(fitted.size).toBe(helps.length);
      // The colour-off run of this width went first (describe.each runs in order).
      for (const [name, text] of fitted) expect(withoutSgr(text), name).toBe(plainAt.get(columns)!.get(name));
    });

    it('keeps every example whole: its continuation lines end in ` \\` and are indented under it', () => {
      let continued = 0;
      for (const [name, text] of fitted) {
        expect(examples(withoutSgr(text)), name).toEqual(examples(unwrapped.get(name)!));
        const lines = withoutSgr(text).split('\n');
        lines.forEach((line, index) => {
          if (!/ \\$/.test(line)) return;
          continued++;
          const indent = (text: string) => text.length - text.trimStart().length;
          expect(indent(lines[index + 1]!), `${name}: ${lines[index + 1]}`).toBeGreaterThan(indent(line.trimStart().startsWith('$') ? line : lines.slice(0, index).reverse().find((above) => above.trimStart().startsWith('$'))!));
        });
      }
      // README, destinations patch: its examples are longer than 60 and 80 columns.
      if (columns < 120) expect(continued).toBeGreaterThan(0);
    });

    it('keeps each line’s indentation, and hangs option descriptions under their text', () => {
      for (const [name, text] of fitted) {
        const lines = withoutSgr(text).split('\n');
        let at = 0;
        for (const original of unwrapped.get(name)!.split('\n')) {
          const wanted = words(original).length;
          const indent = original.length - original.trimStart().length;
          const first = lines[at]!;
          expect(first.length - first.trimStart().length, `${name}: ${first}`).toBe(indent);
          let taken = words(first).length;
          at++;
          while (taken < wanted) {
            const continuation = lines[at++]!;
            const hang = continuation.length - continuation.trimStart().length;
            // An indented item (an option, a variable, an exit code, an example) goes on further in; a paragraph at its own indent.
            if (indent > 0 && /\S {2,}\S|^\s*(\$|\d+) /.test(original)) expect(hang, `${name}: ${continuation}`).toBeGreaterThan(indent);
            else expect(hang, `${name}: ${continuation}`).toBeGreaterThanOrEqual(indent);
            taken += words(continuation).length;
          }
        }
        expect(at, name).toBe(lines.length);
      }
    });
  });
});

describe('ipctl connections generate --help, ipctl help exit-codes and ipctl --help', () => {
  it.each([['--help'], ['connections', 'generate', '--help'], ['help', 'exit-codes']])('%s %s %s: 80 columns off a terminal, COLUMNS over the terminal', async (...args) => {
    const path = args.filter(Boolean);
    const pipe = await runMain(path, { env: {} });
    expect(Math.max(...displayWidths(pipe.stdout.split('\n')))).toBeLessThanOrEqual(80);
    expect(Math.max(...displayWidths(pipe.stdout.split('\n')))).toBeGreaterThan(70);
    const narrow = await runMain(path, { env: { COLUMNS: '60' }, terminal: { stdout: true }, columns: 200 });
    expect(Math.max(...displayWidths(withoutSgr(narrow.stdout).split('\n')))).toBeLessThanOrEqual(60);
  });
});
