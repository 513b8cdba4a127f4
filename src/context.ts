import { type Paint, plain } from './output/paint.js';
import type { ApiClient } from './api/client.js';
import { settingEnv } from './config/defaults.js';
import { retryPolicyFrom, timeoutSecondsFrom, trustedAuthorities } from './config/network.js';
import { exposedFileWarning } from './config/file-mode.js';
import { credentialProblem } from './config/secret.js';
import { configPath, readConfigFile } from './config/read.js';
import { resolveSettings, type SettingFlags, type Settings } from './config/resolve.js';
import type { ConfigFile } from './config/schema.js';
import { chosenProfile, suggestedCommand } from './config/suggest.js';
import type { ProfileStore } from './config/store.js';
import { type Deps, fileHost, hostClock } from './deps.js';
import type { Clock } from './host-clock.js';
import { UsageError } from './errors.js';
import { visible } from './output/outside-text.js';
import { Scrubber } from './output/scrubber.js';
import type { OutputFormat } from './output/view.js';
import type { Prompter } from './host-ui.js';
import { userAgent } from './version.js';
import type { GlobalOptions } from './command-model/globals.js';
import type { Shell } from './completion/scripts/files.js';

export type { GlobalOptions };

/**
 * What a command's run() gets: the side effects (deps), and lazy access to
 * settings, the profile store, the API client and the prompter. The store, the
 * client (with undici) and the prompter are loaded only when a command asks for
 * them; settings are read when asked for.
 */
export interface Context {
  deps: Deps;
  /** The credentials sent in this run, for what ipctl writes other than to stdout and stderr (which it scrubs already). */
  scrubber: Scrubber;
  debug: boolean;
  /** True when prompts may be shown: terminals on stdin and stderr, and input not turned off. */
  interactive: boolean;
  /** Colors for stderr. */
  paint: Paint;
  settings(flags?: SettingFlags, options?: { allowMissingProfile?: boolean }): Promise<Settings>;
  /** The settings with the credentials kept in the OS keychain read from it (api() does this itself). */
  credentials(settings: Settings): Promise<Settings>;
  /** The profile file's contents, read without opening the store (for commands that only read). */
  config(): Promise<{ path: string; data: ConfigFile }>;
  /** The profile store, for commands that change profiles. */
  store(): Promise<ProfileStore>;
  /**
   * The HTTP client. Requests are aborted when the user interrupts. With
   * `finishOnInterrupt`, a command that must know how every request it sent
   * ended (a bulk import) gives those in flight half a second to finish first,
   * while it starts no new ones: ipctl ends a second after the signal.
   * Waits before retries are said on a terminal, unless `quietWaits` (a
   * command that shows its own progress) or --quiet; --debug traces them.
   * `anonymous`: the command calls only operations that take no credential,
   * so the OS keychain is not asked for any (or the settings hold the credentials to use).
   * `once`: one attempt, no retries, within the shorter of this timeout and the configured one (a credential check).
   */
  api(settings: Settings, options?: { finishOnInterrupt?: boolean; quietWaits?: boolean; anonymous?: boolean; once?: { timeoutMs: number } }): Promise<ApiClient>;
  prompter(): Promise<Prompter>;
  /** Whether the command has asked for the prompter: its output then goes straight to the terminal, never through a pager. */
  readonly prompted: boolean;
  /** --quiet or IPCTL_QUIET: no notices, hints or progress on stderr. */
  quiet: boolean;
  /** A hint for the person at the terminal (stderr), shown only when stderr is a terminal, and not --quiet. */
  note(line: string): void;
  /** A notice on stderr, terminal or not, unless --quiet. */
  say(line: string): void;
  /** A command to suggest in a message (`ipctl <command>`), with the --profile chosen for this run (config/suggest.ts). */
  suggest(command: string, after?: string): string;
  /** The output format the command was asked for, set once its input is parsed. */
  format?: OutputFormat;
  /** The completion script for a shell, of every command declared: handed down by the run loop, which knows them all. */
  completionScript(shell: Shell): Promise<string>;
  /**
   * Under -o json, yaml or ndjson, where a failure's stderr is one problem
   * document and nothing else: the notices and hints said so far, kept here
   * rather than written, for the document's `notes` (or written as text once
   * the run has succeeded). Undefined: they are written as they are said.
   */
  held?: string[];
}

/** What the run loop hands a command beside the side effects. */
interface KernelServices {
  completionScript(shell: Shell): Promise<string>;
}

const noKernel: KernelServices = {
  completionScript: () => Promise.reject(new Error('The command tree is given by the run loop')),
};

export function createContext(deps: Deps, global: GlobalOptions, paint: Paint, scrubber = new Scrubber(), kernel = noKernel): Context {
  const debug = global.debug === true || isTruthy(deps.env.IPCTL_DEBUG);
  // Whole milliseconds: a timeout is written to the millisecond (schema/numbers.ts).
  const timeoutMs = Math.round(timeoutSecondsFrom(global, deps.env) * 1000);
  const retry = retryPolicyFrom(global, deps.env);
  const quiet = global.quiet === true || isTruthy(deps.env.IPCTL_QUIET);
  let store: ProfileStore | undefined;
  // Said once per command, however often the file is read (as ssh says it once per key).
  let fileModeChecked = false;
  let versionNoticed = false;
  let prompted = false;
  const trace = (line: string) => deps.stderr.write(`${paint.dim(`debug: ${visible(line)}`)}\n`);
  const context: Context = {
    deps,
    scrubber,
    completionScript: kernel.completionScript,
    debug,
    interactive: isInteractive(deps, global),
    quiet,
    paint,
    async settings(flags = {}, options = {}) {
      const { data } = await context.config();
      return resolveSettings({ ...pickSettingFlags(global), ...flags }, deps.env, data, options);
    },
    async credentials(settings) {
      const { withKeychainCredentials } = await import('./config/credentials.js');
      return withKeychainCredentials(settings, deps.env, deps.signal);
    },
    async config() {
      const read = store ? { path: store.path, data: store.read() } : { path: configPath(deps.env), data: readConfigFile(configPath(deps.env)) };
      if (!fileModeChecked) {
        fileModeChecked = true;
        for (const line of exposedFileWarning(read.path, read.data) ?? []) context.say(line);
      }
      return read;
    },
    async store() {
      if (!store) {
        const { ProfileStore } = await import('./config/store.js');
        // A wait for another writer's lock ends on Ctrl-C; it is said on a terminal, and traced with --debug.
        store = ProfileStore.open(fileHost(deps), deps.env, { signal: deps.signal, waiting: (line) => (debug ? trace(line) : context.note(`${line[0]!.toUpperCase()}${line.slice(1)}…`)) });
      }
      return store;
    },
    async api(resolved, options = {}) {
      if (!('WebAssembly' in globalThis)) throw noWebAssembly();
      const settings = options.anonymous ? resolved : await context.credentials(resolved);
      if (!options.anonymous) checkCredentials(settings);
      const { ApiClient } = await import('./api/client.js');
      for (const credential of [settings.apiKey.value, settings.token.value]) if (credential) scrubber.add(credential.reveal());
      return new ApiClient({
        baseUrl: settings.baseUrl.value,
        searchUrl: settings.searchUrl.value,
        apiKey: settings.apiKey.value,
        token: settings.token.value,
        unreadable: { apiKey: settings.apiKey.unreadable, token: settings.token.unreadable },
        timeoutMs: options.once ? Math.min(timeoutMs, options.once.timeoutMs) : timeoutMs,
        retry: options.once ? { ...retry, retries: 0 } : retry,
        profile: chosenProfile(settings.profile),
        unconfigured: settings.baseUrl.source === 'default',
        ca: await trustedAuthorities(global, deps.env, deps.signal),
        now: () => new Date(hostClock(deps).now()),
        sleep: hostClock(deps).sleep,
        timers: hostClock(deps),
        dispatcher: deps.dispatcher,
        userAgent: userAgent(),
        env: deps.env,
        signal: options.finishOnInterrupt ? afterGrace(deps.signal, hostClock(deps)) : deps.signal,
        trace: debug ? trace : undefined,
        waiting: debug || options.quietWaits ? undefined : (line) => context.note(line),
        // Said once a run, to a person at a terminal: a CI log is read after the fact, and a deliberate gateway URL would repeat it in every job.
        unversioned: (line) => {
          if (versionNoticed || deps.env.CI) return;
          versionNoticed = true;
          context.note(line);
        },
        sent: (value) => scrubber.add(value),
      });
    },
    get prompted() {
      return prompted;
    },
    async prompter() {
      // Each command says which flag to give instead; this is the net under all of them.
      if (!context.interactive) throw promptsOff();
      prompted = true;
      if (deps.prompter) return deps.prompter;
      const { createInquirerPrompter } = await import('./prompts/inquirer.js');
      return createInquirerPrompter(deps, { color: paint !== plain });
    },
    suggest(command, after) {
      const chosen = chosenProfile({ value: global.profile ?? deps.env[settingEnv.profile], source: global.profile !== undefined ? 'flag' : deps.env[settingEnv.profile] ? 'environment' : undefined });
      return suggestedCommand(command, chosen, after);
    },
    note(line) {
      if (deps.stderr.isTTY) context.say(line);
    },
    say(line) {
      if (quiet) return;
      if (context.held) context.held.push(line);
      else deps.stderr.write(`${visible(line)}\n`);
    },
  };
  return context;
}

/** A credential with whitespace around it or a control character is refused before anything is sent, naming where it came from. */
function checkCredentials(settings: Settings): void {
  for (const [name, resolved] of [['API key', settings.apiKey], ['bearer token', settings.token]] as const) {
    const problem = resolved.value ? credentialProblem(resolved.value.reveal()) : undefined;
    if (problem) {
      throw new UsageError(
        `The ${name} from ${resolved.origin ?? 'the profile'} ${problem}; nothing was sent.`,
        'Store it again without it: `ipctl auth set-key` or `ipctl auth set-token` read it from stdin and drop one trailing line end.',
      );
    }
  }
}

const inFlightGraceMs = 500;

/** Aborts a grace period after signal does: time for the requests in flight to finish. */
function afterGrace(signal: AbortSignal | undefined, clock: Clock): AbortSignal | undefined {
  if (!signal) return undefined;
  const later = new AbortController();
  const abortLater = () => clock.setTimeout(() => later.abort(signal.reason), inFlightGraceMs, { unref: true });
  if (signal.aborted) abortLater();
  else signal.addEventListener('abort', abortLater, { once: true });
  return later.signal;
}

function pickSettingFlags(global: GlobalOptions): SettingFlags {
  return { profile: global.profile, baseUrl: global.baseUrl, searchUrl: global.searchUrl };
}

function isInteractive(deps: Deps, global: GlobalOptions): boolean {
  if (global.input === false || isTruthy(deps.env.IPCTL_NO_INPUT) || deps.env.CI) return false;
  if (deps.prompter) return true;
  return Boolean(deps.stdin.isTTY && deps.stderr.isTTY);
}

function promptsOff(): UsageError {
  return new UsageError(
    'This command needs an answer, and there is no terminal to ask at (or prompts are turned off by --no-input, IPCTL_NO_INPUT or CI).',
    'Give the values as flags or files: the command\'s --help lists them.',
  );
}

/** Node started with --jitless has no WebAssembly, which undici's HTTP parser is written in. */
function noWebAssembly(): UsageError {
  return new UsageError(
    'This Node runs without WebAssembly (started with --jitless?), and ipctl\'s HTTP client needs it; nothing was sent.',
    'Remove --jitless from NODE_OPTIONS (or from the node command line) and run the command again.',
  );
}

function isTruthy(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false', 'no'].includes(value.toLowerCase());
}

