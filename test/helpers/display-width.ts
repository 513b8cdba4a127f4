// What a terminal gives each line, as the C library's wcwidth(3) says (through
// python3's ctypes, under C.UTF-8): measured by no code of ipctl's. A line with
// a character wcwidth calls unprintable measures -1.
import { type ChildProcessByStdio, spawn, spawnSync } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/** wcwidth of each line, in python3: -1 for a line with a character it calls unprintable. */
const widthOf = `
import ctypes, json, locale, sys
locale.setlocale(locale.LC_ALL, 'C.UTF-8')
libc = ctypes.CDLL(None)
libc.wcwidth.argtypes = [ctypes.c_wchar]
def width(line):
    widths = [libc.wcwidth(ch) for ch in line]
    return -1 if -1 in widths else sum(widths)
`;
const measure = `${widthOf}
json.dump([width(line) for line in json.load(sys.stdin)], sys.stdout)
`;

export function displayWidths(lines: readonly string[]): number[] {
  const run = spawnSync('python3', ['-c', measure], { input: JSON.stringify(lines), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`python3 could not measure the lines: ${run.stderr}`);
  return JSON.parse(run.stdout) as number[];
}

const meterLoop = `${widthOf}
for request in sys.stdin:
    print(json.dumps([width(line) for line in json.loads(request)]), flush=True)
`;

let meter: { child: ChildProcessByStdio<Writable, Readable, null>; waiting: Array<(widths: number[]) => void> } | undefined;

/**
 * displayWidths through one python3 kept running for the whole worker: starting
 * python3 costs far more than measuring a screen, and a file may measure a hundred.
 */
export function measureWidths(lines: readonly string[]): Promise<number[]> {
  if (!meter) {
    const child = spawn('python3', ['-c', meterLoop], { stdio: ['pipe', 'pipe', 'inherit'] });
    const started = { child, waiting: [] as Array<(widths: number[]) => void> };
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
        started.waiting.shift()?.(JSON.parse(pending.slice(0, end)) as number[]);
        pending = pending.slice(end + 1);
      }
    });
    child.on('exit', () => (meter = undefined));
    // Nothing the worker waits for: it may end with the meter still running.
    child.unref();
    for (const stream of [child.stdin, child.stdout] as unknown as Array<{ unref?: () => void }>) stream.unref?.();
    meter = started;
  }
  const { child, waiting } = meter;
  return new Promise((resolve) => {
    waiting.push(resolve);
    child.stdin.write(`${JSON.stringify(lines)}\n`);
  });
}

/** SGR sequences (colors, bold, dim): what a terminal shows as nothing. */
export function withoutSgr(text: string): string {
  return text.replace(/\u001b\[[\d;]*m/g, '');
}

/** The display columns at which each line has a box-drawing border character (one measuring run for all). */
export function borderColumns(lines: readonly string[]): number[][] {
  const prefixes = borderPrefixes(lines);
  return columnsOf(prefixes, displayWidths(prefixes.flat()));
}

/** borderColumns, measured by the python3 that measureWidths keeps running. */
export async function measureBorderColumns(lines: readonly string[]): Promise<number[][]> {
  const prefixes = borderPrefixes(lines);
  return columnsOf(prefixes, await measureWidths(prefixes.flat()));
}

/** Each line's text before each of its border characters. */
function borderPrefixes(lines: readonly string[]): string[][] {
  return lines.map((line) => {
    const characters = [...line];
    return characters.flatMap((character, index) => (/[│┌┐└┘┬┴├┤┼]/.test(character) ? [characters.slice(0, index).join('')] : []));
  });
}

/** The widths of all prefixes, in order, given back line by line. */
function columnsOf(prefixes: string[][], widths: number[]): number[][] {
  let next = 0;
  return prefixes.map((ofLine) => ofLine.map(() => widths[next++]!));
}

/**
 * The lines wider than `width` columns, as wcwidth measures them, but for a
 * line that holds nothing but one token wider than `width` (indent aside):
 * ipctl leaves such a token whole, alone on its line, for the terminal to wrap.
 */
export function linesWiderThan(lines: readonly string[], width: number): string[] {
  const trimmed = lines.map((line) => line.trim());
  const widths = displayWidths([...lines, ...trimmed]);
  return lines.filter((line, index) => {
    if (widths[index]! < 0) return true;
    if (widths[index]! <= width) return false;
    return !(/^\S+$/.test(trimmed[index]!) && widths[lines.length + index]! > width);
  });
}
