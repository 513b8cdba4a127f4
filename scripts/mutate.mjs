// npm run mutate: plants known bugs in a copy of the source, one at a time, and
// runs the tests that should catch each. A planted bug the tests miss is a test
// that cannot fail. Exit 0 when every one was caught; the report says which not.
// Usage: node scripts/mutate.mjs [NAME...]   (names from the list below; default: all)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Each planted bug: the file, the text it replaces (found exactly once), and the tests that must fail. */
const mutations = [
  { name: '403 is exit 1, not 4', file: 'src/errors.ts', find: 'status === 401 || status === 403', replace: 'status === 401', tests: ['test/unit/exit-codes.test.ts'] },
  { name: '404 is exit 1, not 3', file: 'src/errors.ts', find: 'if (status === 404) return exitCodes.notFound;', replace: '', tests: ['test/unit/exit-codes.test.ts'] },
  { name: '429 is exit 1, not 5', file: 'src/errors.ts', find: 'status === 429 || ', replace: '', tests: ['test/unit/exit-codes.test.ts'] },
  { name: 'a bug is exit 1, not 70', file: 'src/run.ts', find: 'error.exitCode : exitCodes.software', replace: 'error.exitCode : exitCodes.failure', tests: ['test/unit/exit-codes.test.ts'] },
  { name: 'CI=true no longer turns prompts off', file: 'src/context.ts', find: ' || deps.env.CI) return false;', replace: ') return false;', tests: ['test/e2e/scripting.test.ts'] },
  { name: 'IPCTL_NO_INPUT=1 no longer turns prompts off', file: 'src/context.ts', find: 'isTruthy(deps.env.IPCTL_NO_INPUT) || ', replace: '', tests: ['test/e2e/scripting.test.ts'] },
  { name: '--no-input no longer turns prompts off', file: 'src/context.ts', find: 'global.input === false || ', replace: '', tests: ['test/e2e/scripting.test.ts'] },
  { name: 'a redacted secret shows all of it', file: 'src/config/secret.ts', find: 'return `****${value.slice(-visibleTail)}`;', replace: 'return `****${value}`;', tests: ['test/unit/secret.test.ts'] },
  {
    name: '--debug traces header values unredacted',
    file: 'src/api/client.ts',
    find: 'this.#trace(`  ${name}: ${String(value)}`);',
    replace: 'this.#trace(`  ${name}: ${typeof value === "object" && value !== null && "reveal" in value ? value.reveal() : String(value)}`);',
    tests: ['test/e2e/secret-canaries.test.ts'],
  },
  { name: '503 is not retried', file: 'src/api/retry.ts', find: 'new Set([408, 429, 502, 503, 504])', replace: 'new Set([408, 429, 502, 504])', tests: ['test/unit/retry.test.ts'] },
  { name: 'retryable: false is retried anyway', file: 'src/api/retry.ts', find: 'if (failure.problem.retryable === false) return false;', replace: '', tests: ['test/unit/retry.test.ts'] },
  { name: '--token on argv is no longer refused', file: 'src/input/secret-flags.ts', find: '|key|keys|token|tokens|', replace: '|key|keys|tokens|', tests: ['test/unit/secret-flags.test.ts'] },
  { name: 'a declared secret flag takes a raw value', file: 'src/input/secret-flags.ts', find: "typeof value === 'string' && !referenceValue.test(value)", replace: 'false', tests: ['test/unit/secret-flags.test.ts'] },
  { name: 'ndjson lines run together', file: 'src/output/render.ts', find: 'target.stream.write(`${escapedInDocument(JSON.stringify(item))}\\n`)', replace: 'target.stream.write(JSON.stringify(item))', tests: ['test/e2e/search.test.ts'] },
  { name: '--query is accepted with a table', file: 'src/run.ts', find: 'if (isTableFormat(format)) {', replace: 'if (false) {', tests: ['test/e2e/scripting.test.ts'] },
  { name: 'an update-mask path given twice is accepted', file: 'src/destinations/patch-plan.ts', find: 'else if (paths.includes(typed)) problems.push(`--update-mask:', replace: 'else if (false) problems.push(`--update-mask:', tests: ['test/unit/patch-plan.test.ts', 'test/e2e/destinations-patch.test.ts'] },
  { name: 'CSV rows from stdin lose their spool after one pass', file: 'src/connections/bulk/source.ts', find: ', fs: { read, close: keepOpen } }', replace: ' }', tests: ['test/e2e/connections-bulk.test.ts'] },
  { name: '--quiet no longer silences notices', file: 'src/context.ts', find: 'if (!quiet) deps.stderr.write', replace: 'deps.stderr.write', tests: ['test/e2e/search.test.ts'] },
  { name: 'a full search page is said only on a terminal', file: 'src/commands/search.ts', find: 'messages: full, notes: empty', replace: 'notes: [...full, ...empty]', tests: ['test/e2e/search.test.ts'] },
  { name: 'the bulk progress bar is redrawn under CI', file: 'src/connections/bulk/import.ts', find: ' && !context.deps.env.CI', replace: '', tests: ['test/e2e/connections-bulk.test.ts'] },
  {
    name: 'two runs may share one results file',
    file: 'src/connections/bulk/import.ts',
    find: 'const lock = resultsPath && !input.dryRun ? lockResults(resultsPath, context) : undefined;',
    replace: 'const lock = undefined as RunLock | undefined;',
    tests: ['test/e2e/connections-bulk.test.ts'],
  },
  { name: 'a failure under -o yaml is text, not YAML', file: 'src/run.ts', find: 'if (format && isDocumentFormat(format)) {', replace: 'if (format === "json") {', tests: ['test/e2e/problem-documents.test.ts'] },
  { name: 'many credentials are taken as none by the quick check', file: 'src/output/scrubber.ts', find: 'if (this.#lengths.size > fewOpenings) return true;', replace: 'if (this.#lengths.size > fewOpenings) return false;', tests: ['test/unit/scrubber.test.ts'] },
  { name: 'the quick check finds a credential only at the start of a text', file: 'src/output/scrubber.ts', find: 'if (text.includes(opening)) return true;', replace: 'if (text.startsWith(opening)) return true;', tests: ['test/unit/scrubber.test.ts'] },
  { name: 'output is not scrubbed of the credentials sent', file: 'src/output/scrubber.ts', find: 'write: (chunk: string) => stream.write(scrub(chunk)),', replace: 'write: (chunk: string) => stream.write(chunk),', tests: ['test/e2e/hostile.test.ts'] },
  { name: 'a table cell is cut before its credential is scrubbed', file: 'src/run.ts', find: 'width: terminalWidth(state.deps), scrub });', replace: 'width: terminalWidth(state.deps) });', tests: ['test/e2e/hostile.test.ts'] },
  { name: 'server text reaches a table raw', file: 'src/output/render.ts', find: 'const view = visibleView(outside, (text) => scrub(visible(text)));', replace: 'const view = visibleView(outside, scrub);', tests: ['test/e2e/hostile.test.ts'] },
  { name: 'JSON output keeps C1 and bidi characters raw', file: 'src/output/render.ts', find: 'target.stream.write(`${escapedInDocument(JSON.stringify(data, null, 2))}\\n`);', replace: 'target.stream.write(`${JSON.stringify(data, null, 2)}\\n`);', tests: ['test/e2e/hostile.test.ts'] },
  { name: 'a proxy closing the tunnel is reconnected to for ever', file: 'src/api/dispatcher.ts', find: 'callback(closed ? new TunnelClosedError(error) : error, socket);', replace: 'callback(error, socket);', tests: ['test/e2e/hostile.test.ts'] },
  { name: 'an ID of .. steps out of its path', file: 'src/api/path.ts', find: 'return /^(\\.|%2e){1,2}$/i.test(value);', replace: 'return false;', tests: ['test/e2e/hostile.test.ts'] },
  { name: 'no keychain, and the file is used without a word', file: 'src/commands/auth/credential.ts', find: 'if (outcome.fallbackReason !== undefined) {', replace: 'if (false) {', tests: ['test/e2e/keychain.test.ts'] },
  {
    name: 'auth migrate changes the file before the keychain has the credential',
    file: 'src/config/credentials.ts',
    find: 'const failure = await writeAndVerify(profile, entries, env, signal);',
    replace: 'await markInKeychain(store, profile, entries.map(([key]) => key), () => true); const failure = await writeAndVerify(profile, entries, env, signal);',
    tests: ['test/e2e/keychain.test.ts'],
  },
  { name: 'a keychain that does not answer is waited on for ever', file: 'src/config/keychain.ts', find: "child.kill('SIGKILL');\n      reject(keychainTimeout(timeoutMs / 1000));", replace: '', tests: ['test/e2e/keychain.test.ts'] },
  { name: 'profile remove leaves its keychain entries', file: 'src/commands/profile/remove.ts', find: 'if (data?.credentialStore) {', replace: 'if (false) {', tests: ['test/e2e/keychain.test.ts'] },
  { name: 'ipctl api takes a URL on another origin', file: 'src/request/target.ts', find: 'if (url.origin !== apiOrigin && url.origin !== searchOrigin) {', replace: 'if (false) {', tests: ['test/e2e/api.test.ts'] },
  { name: 'ipctl api sends a PATH that repeats the base URL\'s /v1', file: 'src/request/target.ts', find: '  if (doubled) return doubled;\n', replace: '', tests: ['test/unit/request-target.test.ts', 'test/e2e/api.test.ts'] },
  { name: 'ipctl api takes a secret field from argv', file: 'src/commands/api-run.ts', find: "if (field.source.kind === 'file' || field.source.value === null) return undefined;", replace: 'return undefined;', tests: ['test/e2e/api.test.ts'] },
  { name: 'ipctl api retries a POST that may have arrived', file: 'src/commands/api-run.ts', find: "return idempotent.has(method) || retryUnsafe ? 'safe' : 'beforeSend';", replace: "return 'safe';", tests: ['test/e2e/api.test.ts'] },
  { name: 'ipctl api -F leaves numbers as strings', file: 'src/request/fields.ts', find: 'return { kind: \'literal\', value: Number(value) };', replace: 'return { kind: \'literal\', value };', tests: ['test/unit/request-fields.test.ts'] },
  {
    name: 'ipctl api -F rounds a number JSON cannot hold exactly',
    file: 'src/request/fields.ts',
    find: "if (!value.includes('.') && !Number.isSafeInteger(number)) return false;\n  return String(number) === value;",
    replace: 'return Number.isFinite(number);',
    tests: ['test/unit/request-fields.test.ts'],
  },
  { name: 'a flag rule is ignored (--status takes anything)', file: 'src/cli/declaration.ts', find: 'rules[key] = declared.rule;', replace: 'rules[key] = z.optional(z.unknown());', tests: ['test/e2e/read-commands.test.ts'] },
  // Bounded waits: locks that cannot be used, Ctrl-C in every wait, the bulk import's waiting budget, Retry-After in the past, 408.
  {
    name: 'a lock that cannot be read is taken for one released just now',
    file: 'src/config/lock.ts',
    find: '    if (error instanceof UserError) throw error;\n    if (isGone(lockPath)) return undefined;\n    throw unreadableLock(lockPath, readFailure(error));',
    replace: '    return undefined;',
    tests: ['test/unit/lock.test.ts'],
  },
  {
    name: 'a lock that names no process is judged by its age alone',
    file: 'src/config/lock.ts',
    find: "  if (!settled) throw unreadableLock(lockPath, 'it does not name the process that holds it');\n  return { text: again, ageMs, ...settled };",
    replace: '  return { text: again, ageMs, ...settled };',
    tests: ['test/unit/lock.test.ts'],
  },
  { name: 'the wait for the profile lock is deaf to Ctrl-C', file: 'src/context.ts', find: 'ProfileStore.open(deps.env, { signal: deps.signal, ', replace: 'ProfileStore.open(deps.env, { ', tests: ['test/e2e/config-safety.test.ts'] },
  { name: 'a results lock that cannot be used is reported as a file that cannot be written', file: 'src/connections/bulk/import.ts', find: 'if (error instanceof UserError) throw new UsageError(`--results: ${error.message}`, error.hint);', replace: '', tests: ['test/unit/bulk-send.test.ts'] },
  { name: 'Ctrl-C leaves the keychain helper running', file: 'src/config/keychain.ts', find: "    signal?.addEventListener('abort', interrupt, { once: true });\n", replace: '', tests: ['test/e2e/keychain.test.ts'] },
  { name: 'conf is loaded before the profile lock is held (its re-raised signal cuts a first Ctrl-C short)', file: 'src/config/store.ts', find: "import type Conf from 'conf';\n", replace: "import 'conf';\nimport type Conf from 'conf';\n", tests: ['test/e2e/keychain.test.ts'] },
  { name: 'a bulk import waits however long the service asks', file: 'src/connections/bulk/send.ts', find: 'if (asked === undefined || asked <= this.#options.maxWaitMs - waitedMs) return undefined;', replace: 'return undefined;', tests: ['test/unit/bulk-send.test.ts'] },
  { name: 'a bulk row waits past the budget by backoff', file: 'src/connections/bulk/send.ts', find: ' && waitedMs <= this.#options.maxWaitMs) {', replace: ') {', tests: ['test/unit/bulk-send.test.ts'] },
  { name: 'a Retry-After in the past means: send again at once', file: 'src/api/retry.ts', find: '(wait): wait is number => wait !== undefined && wait >= 0,', replace: '(wait): wait is number => wait !== undefined,', tests: ['test/unit/retry.test.ts', 'test/unit/bulk-results.test.ts'] },
  { name: '408 is not retried', file: 'src/api/retry.ts', find: 'new Set([408, 429, 502, 503, 504])', replace: 'new Set([429, 502, 503, 504])', tests: ['test/unit/retry.test.ts'] },
  { name: '408 is exit 1, not 5', file: 'src/errors.ts', find: 'status === 408 || ', replace: '', tests: ['test/unit/exit-codes.test.ts'] },
];

const chosen = process.argv.slice(2);
const selected = chosen.length === 0 ? mutations : mutations.filter((mutation) => chosen.includes(mutation.name));
const work = mkdtempSync(join(tmpdir(), 'ipctl-mutate-'));
try {
  copySource(work);
  const results = selected.map((mutation) => ({ mutation, outcome: tryMutation(mutation, work) }));
  report(results);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** The tracked and new files of the checkout, with node_modules linked, not copied. */
function copySource(target) {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\n').filter(Boolean)) {
    if (existsSync(join(root, file))) cpSync(join(root, file), join(target, file), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(target, 'node_modules'));
}

/** 'caught', 'missed', or why it could not be tried. */
function tryMutation(mutation, dir) {
  const path = join(dir, mutation.file);
  const original = readFileSync(path, 'utf8');
  const count = original.split(mutation.find).length - 1;
  if (count !== 1) return `not planted: the text is in ${mutation.file} ${count} times, not once`;
  writeFileSync(path, original.replace(mutation.find, mutation.replace));
  try {
    process.stdout.write(`${mutation.name} … `);
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: dir, encoding: 'utf8' });
    if (built.status !== 0) return 'caught (the build fails)';
    const tested = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...mutation.tests], { cwd: dir, encoding: 'utf8', env: { ...process.env, CI: '' } });
    const outcome = tested.status === 0 ? 'missed' : 'caught';
    console.log(outcome);
    return outcome;
  } finally {
    writeFileSync(path, original);
  }
}

function report(results) {
  console.log('');
  for (const { mutation, outcome } of results) console.log(`${outcome === 'caught' || outcome.startsWith('caught') ? 'caught' : 'MISSED'}  ${mutation.name}  (${mutation.file}; ${outcome})`);
  const missed = results.filter(({ outcome }) => !outcome.startsWith('caught'));
  console.log(`\n${results.length - missed.length} of ${results.length} planted bugs caught.`);
  process.exitCode = missed.length === 0 ? 0 : 1;
}
