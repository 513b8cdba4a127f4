import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanEnv, ipctlBin, type RunResult, repoRoot, tempDir } from './cli.js';

/**
 * Drivers for the real shells: each loads a completion script, is handed
 * partial command lines, and reports what it would offer at Tab for each.
 */
export type Offers = Map<string, string[]>;

const reported = new Set<string>();

/**
 * Whether a program the tests drive is installed. Where it is not, its tests
 * skip at once (never waiting on a time-out), and the reason is printed once per
 * test file; .ci/run installs every such program and allows no skip.
 */
export function installed(program: string): boolean {
  if (shellPath(program)) return true;
  if (!reported.has(program)) {
    reported.add(program);
    console.warn(`skipping the tests that need ${program}: ${program} not installed (.ci/run installs it: apt-get install ${program})`);
  }
  return false;
}

/** Where a shell is installed, or undefined (.ci/run installs bash, zsh and fish). */
export function shellPath(name: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A temporary home: an `ipctl` on PATH that runs the built CLI (what the
 * scripts call for dynamic values), and an environment for the shells.
 */
export function shellHome(extra: Record<string, string> = {}): { path: string; env: Record<string, string>; remove: () => void } {
  const home = tempDir('ipctl-shell-');
  const bin = join(home.path, 'bin');
  execFileSync('mkdir', ['-p', bin]);
  writeFileSync(join(bin, 'ipctl'), `#!/bin/sh\nexec "${process.execPath}" "${ipctlBin}" "$@"\n`);
  chmodSync(join(bin, 'ipctl'), 0o755);
  const env = {
    PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home.path,
    XDG_CONFIG_HOME: join(home.path, '.config'),
    XDG_DATA_HOME: join(home.path, '.local/share'),
    TERM: 'dumb',
    ...extra,
  };
  return { path: home.path, env, remove: home.remove };
}

/**
 * bash: sources the script and calls its completion function with COMP_WORDS
 * split as readline splits them (at spaces, and around = and :, the
 * COMP_WORDBREAKS that matter here). compopt is stood in for, since it works
 * only inside real completion; its options are reported as `#compopt ...`.
 */
export async function bashOffers(script: string, lines: string[], env: Record<string, string>): Promise<Offers> {
  const offers: Offers = new Map();
  const driver = `
source "$1"; shift
compopt() { printf '#compopt %s\\n' "$*"; }
COMP_WORDBREAKS=$' \\t\\n"\\'><=;|&(:'
COMP_WORDS=("$@")
COMP_CWORD=$((\${#COMP_WORDS[@]} - 1))
COMP_LINE="$*"
COMP_POINT=\${#COMP_LINE}
COMPREPLY=()
_ipctl
printf '%s\\n' "\${COMPREPLY[@]}"
`;
  for (const line of lines) {
    const result = await runShell('bash', ['--norc', '--noprofile', '-c', driver, 'bash', script, ...readlineWords(line)], env);
    if (result.code !== 0 || result.stderr !== '') throw new Error(`bash failed on "${line}": ${result.stderr}`);
    offers.set(line, result.stdout.split('\n').filter((value) => value !== ''));
  }
  return offers;
}

/**
 * The words readline hands a completion function for a line typed up to the
 * cursor: split at spaces, and around runs of = and : (COMP_WORDBREAKS), but
 * not inside quotes nor at a backslashed character; quotes and backslashes
 * stay in the words, as bash leaves them.
 */
export function readlineWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote = '';
  let breaks = false;
  const finish = () => {
    if (word !== '') words.push(word);
    word = '';
  };
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    const inBreaks = quote === '' && (char === '=' || char === ':');
    if (inBreaks !== breaks) finish();
    breaks = inBreaks;
    if (quote === '' && char === ' ') {
      finish();
      continue;
    }
    word += char;
    if (char === '\\' && quote !== "'") word += line[++index] ?? '';
    else if (quote === '' && (char === "'" || char === '"')) quote = char;
    else if (char === quote) quote = '';
  }
  const open = word !== '' || quote !== '';
  finish();
  if (!open && (line.endsWith(' ') || words.length === 0)) words.push('');
  return words;
}

/** zsh: an interactive zsh in a pseudo-terminal (zpty), compinit, Tab (test/helpers/zsh-capture.zsh). */
export async function zshOffers(script: string, lines: string[], env: Record<string, string>): Promise<Offers> {
  const result = await runShell('zsh', ['-f', join(repoRoot, 'test/helpers/zsh-capture.zsh'), script, ...lines], env);
  if (result.code !== 0) throw new Error(`zsh failed (${result.code}): ${result.stderr}`);
  return sections(result.stdout);
}

/** fish: `complete -C LINE`, fish's own answer to Tab; a tab separates a value from its description. */
export async function fishOffers(script: string, lines: string[], env: Record<string, string>): Promise<Offers> {
  const driver = 'source $argv[1]; for line in $argv[2..-1]; echo "### $line"; complete -C "$line"; end';
  const result = await runShell('fish', ['--no-config', '-c', driver, script, ...lines], env);
  if (result.code !== 0 || result.stderr !== '') throw new Error(`fish failed (${result.code}): ${result.stderr}`);
  const offers = sections(result.stdout);
  for (const [line, values] of offers) offers.set(line, values.map((value) => value.split('\t')[0]!));
  return offers;
}

/** Output in sections: `### LINE`, then one offer a line. */
function sections(output: string): Offers {
  const offers: Offers = new Map();
  let current: string[] | undefined;
  for (const text of output.split('\n')) {
    if (text.startsWith('### ')) {
      current = [];
      offers.set(text.slice(4), current);
    } else if (text !== '' && current) {
      current.push(text);
    }
  }
  return offers;
}

/** Runs a shell with no stdin (nothing may wait for input), killed after a minute at most. */
function runShell(file: string, args: string[], env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, { env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
  });
}

/**
 * A shell at a real terminal: its own line editor splits the words and
 * inserts what one Tab completes. Returns each line as it stands after the
 * Tab, read back through a key bound to print the line (Ctrl-T), so nothing
 * waits on timing.
 */
export async function afterTab(shell: 'bash' | 'zsh' | 'fish', script: string, lines: string[], env: Record<string, string>): Promise<Map<string, string>> {
  const setup = {
    bash: {
      args: ['bash', '--norc', '--noprofile', '-i'],
      init: `source '${script}'; bind -x '"\\C-t": printf "\\n<<%s>>\\n" "$READLINE_LINE"'; echo READY-$((20+22))`,
    },
    zsh: {
      args: ['zsh', '-f', '-i'],
      init: `autoload -Uz compinit && compinit -u -D; source '${script}'; _print_line() { print -r -- $'\\n'"<<$BUFFER>>" }; zle -N _print_line; bindkey '^T' _print_line; echo READY-$((20+22))`,
    },
    fish: {
      args: ['fish', '--no-config', '-i'],
      init: `source '${script}'; bind \\ct 'echo; echo "<<"(commandline)">>"'; echo READY-(math 20+22)`,
    },
  }[shell];
  const bridge = join(repoRoot, 'test/helpers/pty-bridge.py');
  const child = spawn('python3', [bridge, ...setup.args], { env: cleanEnv({ ...env, TERM: 'dumb', PS1: '$ ' }) });
  let screen = '';
  child.stdout.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
  const closed = new Promise((resolvePromise) => child.on('close', resolvePromise));
  child.stdin.on('error', () => undefined);
  const waitFor = async (pattern: RegExp, from: number): Promise<RegExpExecArray> => {
    for (let tries = 0; tries < 600; tries++) {
      const match = pattern.exec(screen.slice(from));
      if (match) return match;
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
    }
    throw new Error(`${shell} did not answer ${pattern}; the screen shows:\n${screen}`);
  };
  const lineAfterTab: Map<string, string> = new Map();
  try {
    child.stdin.write(`${setup.init}\n`);
    await waitFor(/READY-42/, 0);
    for (const line of lines) {
      const from = screen.length;
      // Ctrl-U clears the line; Ctrl-T, bound above, prints it after the Tab has done its work.
      child.stdin.write(`\u0015${line}\t\u0014`);
      lineAfterTab.set(line, (await waitFor(/<<(.*)>>\r?\n/, from))[1]!);
    }
  } finally {
    child.stdin.end('\u0015exit\n');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await closed;
    clearTimeout(timer);
  }
  return lineAfterTab;
}
