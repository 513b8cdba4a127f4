import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FaultPlanInput } from '../../src/sandbox/faults.js';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/server.js';
import { tempDir } from './cli.js';
import { useResource } from './lifetime.js';

/** Canary credentials: distinctive enough that finding one in any output is certainly a leak. */
export const canaryApiKey = 'sk_canary_APIKEY_7f3a9c1e5b2d4f60a8e1';
export const canaryToken = 'eyJhbGciOiJIUzI1NiJ9.eyJjYW5hcnkiOnRydWV9.CANARYTOKEN_91d2e7f4c3b8a6';

/** An entry of the sandbox's request log (src/sandbox/state.ts RequestLogEntry). */
export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  operation?: string;
  status: number;
  headerNames: string[];
  /** The credential the sandbox accepted the request with. */
  principal?: string;
  /** Operation-specific facts, such as what a search asked for. */
  facts?: Record<string, unknown>;
  /** The kind of fault injected instead of the answer, if one was. */
  fault?: string;
}

export interface SandboxFixture {
  sandbox: Sandbox;
  configDir: string;
  /** Environment pointing ipctl at the sandbox, with the canary credentials. */
  env(extra?: Record<string, string | undefined>): Record<string, string | undefined>;
  /** Requests the sandbox saw since the last clear. */
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  /** Queues faults through the sandbox's control route (POST /_sandbox/faults). */
  addFaults(plan: FaultPlanInput): Promise<void>;
  /** Drops queued faults (DELETE /_sandbox/faults). */
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

export interface FixtureOptions {
  /** Serve HTTPS with this certificate; `ca` is trusted by the fixture's own control requests. */
  tls?: SandboxOptions['tls'] & { ca: string };
  /** How search answers (`results` by default, as the API reference says). */
  searchAnswer?: SandboxOptions['searchAnswer'];
}

export async function startFixture(options: FixtureOptions = {}): Promise<SandboxFixture> {
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, apiKey: canaryApiKey, token: canaryToken, tls: options.tls, searchAnswer: options.searchAnswer });
  const config = tempDir();
  // A connection a request: one kept alive may be closed by the sandbox's keep-alive timer as the next
  // request goes out, when a test has blocked the event loop for seconds (ECONNRESET).
  const dispatcher = new Agent({ pipelining: 0, ...(options.tls ? { connect: { ca: options.tls.ca } } : {}) });
  const control = async (path: string, method: 'GET' | 'POST' | 'DELETE', body?: unknown): Promise<unknown> => {
    const response = await request(new URL(path, sandbox.baseUrl), {
      method,
      dispatcher,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    const text = await response.body.text();
    if (response.statusCode >= 300) throw new Error(`${method} ${path}: HTTP ${response.statusCode} ${text}`);
    return text === '' ? undefined : JSON.parse(text);
  };
  return {
    sandbox,
    configDir: config.path,
    env: (extra = {}) => ({
      IPCTL_CONFIG_DIR: config.path,
      IPCTL_BASE_URL: sandbox.baseUrl,
      IPCTL_SEARCH_URL: sandbox.searchUrl,
      IPCTL_API_KEY: canaryApiKey,
      IPCTL_TOKEN: canaryToken,
      IPCTL_ORG: sandbox.org,
      ...extra,
    }),
    requests: async () => (await control('/_sandbox/requests', 'GET')) as LoggedRequest[],
    clearRequests: async () => {
      await control('/_sandbox/requests', 'DELETE');
    },
    addFaults: async (plan) => {
      await control('/_sandbox/faults', 'POST', plan);
    },
    clearFaults: async () => {
      await control('/_sandbox/faults', 'DELETE');
    },
    close: async () => {
      await dispatcher.close();
      await sandbox.close();
      config.remove();
    },
  };
}

export interface FixtureHookOptions extends FixtureOptions {
  /** Also drop the queued faults before each test, for files whose tests queue some. */
  clearFaults?: boolean;
}

/**
 * The sandbox fixture of the tests around the call (a test file, or a describe block):
 * started before them, closed after them, its request log (and, with `clearFaults`, its
 * queued faults) cleared before each. What it returns forwards to the running fixture.
 */
export function useFixture(options: FixtureHookOptions = {}): SandboxFixture {
  const { clearFaults, ...fixtureOptions } = options;
  let started: SandboxFixture | undefined;
  const current = (): SandboxFixture => {
    if (!started) throw new Error('The sandbox fixture is not running: use it in a test or a hook, not while the file loads.');
    return started;
  };
  beforeAll(async () => {
    started = await startFixture(fixtureOptions);
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  beforeEach(async () => {
    if (clearFaults) await current().clearFaults();
    await current().clearRequests();
  });
  return {
    get sandbox() {
      return current().sandbox;
    },
    get configDir() {
      return current().configDir;
    },
    env: (extra) => current().env(extra),
    requests: () => current().requests(),
    clearRequests: () => current().clearRequests(),
    addFaults: (plan) => current().addFaults(plan),
    clearFaults: () => current().clearFaults(),
    close: () => current().close(),
  };
}

/**
 * A bare sandbox (its own default credentials, no profile) for a test file that
 * talks to it over raw HTTP: started before the first test, its request log
 * emptied before each, closed after the last. `origin()` is its scheme, host and port.
 */
export function useBareSandbox(): { sandbox: Sandbox; origin: () => string } {
  const sandbox = useResource(() => startSandbox({ host: '127.0.0.1', port: 0 }), (started) => started.close(), 'all');
  beforeEach(() => {
    sandbox.state.requestLog.length = 0;
  });
  return { sandbox, origin: () => new URL(sandbox.baseUrl).origin };
}
