// The README's quick start, run as written: its commands are read from README.md
// (the ```sh block after `<!-- quickstart`), and run one after another in one bash,
// in a fresh clone of this repository's HEAD, with a fresh HOME and no IPCTL_*
// variable. Two things are changed, and said: `git clone URL` clones this
// repository instead, and `npm ci` runs `--offline`, from the npm cache that the
// caller's npm uses (CI's is warm after its own `npm ci`). It checks that the
// first answer comes within six commands and that `orgs get`, `invites list` and
// `destinations patch … --dry-run` answer; it gives up after a time limit, never
// hangs, and stops the sandbox the quick start left running.
//
//   node scripts/quickstart.mjs [--timeout SECONDS]   exit 0 when it works as written, 1 when not
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { timeout: { type: 'string', default: '900' } } });
const limitMs = Number(values.timeout) * 1000;
const mostCommands = 6;

/** The quick start's lines, as printed in README.md. */
function quickStartLines(readme) {
  const at = readme.indexOf('<!-- quickstart');
  if (at < 0) throw new Error('README.md has no <!-- quickstart --> marker');
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block) throw new Error('README.md has no ```sh block after its quickstart marker');
  return block[1].split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
}

/** The commands of a line: each part of `&&`, `||`, `;` or `|` counts. */
function commandsOf(line) {
  return line.replace(/\s+#.*$/, '').split(/&&|\|\||;|\|/).filter((part) => part.trim() !== '');
}

function fail(message) {
  console.error(`Quick start: ${message}`);
  process.exitCode = 1;
}

/** The line as run here: the clone from this repository (into the folder the URL names), npm ci from the cache. */
function asRunHere(line) {
  const cloned = line.replace(/\bgit clone (\S+)( (?!&&|;|\|)\S+)?/, (_, url, folder) => `git clone --quiet ${root}${folder ?? ` ${url.split('/').at(-1).replace(/\.git$/, '')}`}`);
  return cloned.replace(/\bnpm ci\b/, 'npm ci --offline --no-audit --no-fund');
}

function npmCache() {
  return process.env.npm_config_cache || execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
}

async function main() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const lines = quickStartLines(readme);
  const firstAnswer = lines.findIndex((line) => / orgs get\b/.test(line));
  if (firstAnswer < 0) return fail('no line asks `orgs get`');
  const toFirstAnswer = lines.slice(0, firstAnswer + 1).flatMap(commandsOf).length;
  if (toFirstAnswer > mostCommands) fail(`${toFirstAnswer} commands to the first answer; at most ${mostCommands}`);
  const expected = {
    'orgs get': /org_demo/,
    'invites list': /@/,
    'destinations patch': /^PATCH http:\/\/127\.0\.0\.1:\d+\/v1\/projects\/\w+\/destinations\/\w+$/m,
  };
  for (const words of Object.keys(expected)) if (!lines.some((line) => line.includes(` ${words} `) || line.endsWith(` ${words}`))) fail(`no line runs \`${words}\``);
  if (!lines.some((line) => line.includes(' destinations patch ') && line.includes('--dry-run'))) fail('`destinations patch` runs without --dry-run');
  const readmeLines = readme.split('\n').length - 1;
  if (readmeLines > 300) fail(`README.md is ${readmeLines} lines; at most 300`);

  const work = mkdtempSync(join(tmpdir(), 'ipctl-quickstart-'));
  const home = join(work, 'home');
  execFileSync('mkdir', [home]);
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('IPCTL_')));
  Object.assign(env, { HOME: home, npm_config_cache: npmCache(), XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache') });
  // A marker before each line, on stdout and stderr, so that each line's output can be told apart.
  const script = ['set -euo pipefail', ...lines.flatMap((line, index) => [`echo "@@ ${index}" >&2; echo "@@ ${index}"`, asRunHere(line)])].join('\n');
  for (const [index, line] of lines.entries()) console.log(`${index + 1}. ${line}${asRunHere(line) === line ? '' : `\n   (run here as: ${asRunHere(line)})`}`);

  const started = Date.now();
  const child = spawn('bash', ['-c', script], { cwd: work, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    process.kill(-child.pid, 'SIGKILL');
  }, limitMs);
  const code = await new Promise((resolve) => child.on('close', (status) => resolve(status)));
  clearTimeout(timer);
  stopSandbox(stdout);

  const outputs = perLine(stdout, lines.length);
  const errors = perLine(stderr, lines.length);
  const reached = outputs.findLastIndex((output) => output !== undefined);
  if (timedOut) fail(`gave up after ${limitMs / 1000} s, while running line ${reached + 1}: ${lines[reached]}\n${errors[reached] ?? ''}`);
  else if (code !== 0) fail(`line ${reached + 1} failed (exit ${code}): ${lines[reached]}\n${outputs[reached] ?? ''}${errors[reached] ?? ''}`);
  else {
    for (const [words, pattern] of Object.entries(expected)) {
      const index = lines.findIndex((line) => line.includes(` ${words}`));
      if (!pattern.test(outputs[index] ?? '')) fail(`\`${words}\` did not answer as expected:\n${outputs[index]}${errors[index] ?? ''}`);
    }
  }
  rmSync(work, { recursive: true, force: true });
  if (!process.exitCode) console.log(`Quick start: works as written, ${toFirstAnswer} commands to the first answer, ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** Each line's output, by the markers the script prints (undefined for lines not reached). */
function perLine(text, count) {
  const outputs = new Array(count).fill(undefined);
  for (const part of text.split(/^@@ /m).slice(1)) {
    const end = part.indexOf('\n');
    outputs[Number(part.slice(0, end))] = part.slice(end + 1);
  }
  return outputs;
}

/** The background sandbox the quick start started ("Stop it with: kill PID"), stopped. */
function stopSandbox(stdout) {
  for (const [, pid] of stdout.matchAll(/Stop it with: kill (\d+)/g)) {
    try {
      process.kill(Number(pid), 'SIGTERM');
    } catch {
      // It has stopped already.
    }
  }
}

if (process.argv[1] === import.meta.filename) await main();
