// Starts the sandbox: a node:http server emulating the platform API on a local
// address, with fresh seed state and its own credentials. It prints nothing;
// the CLI command that wraps it decides what to show.
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateApiKey, generateToken } from './auth.js';
import { answerClientError } from './client-error.js';
import { FaultPlan, type FaultPlanInput, parseFaultPlan } from './faults.js';
import { createRequestHandler } from './handler.js';
import { createRouter } from './router.js';
import { apiRoutes } from './routes/index.js';
import { SEED } from './seed.js';
import { createSandboxState, type SandboxState, type SearchAnswerShape } from './state.js';

export const DEFAULT_SANDBOX_HOST = '127.0.0.1';
export const DEFAULT_SANDBOX_PORT = 4510;

export interface SandboxOptions {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Default 4510; 0 picks a free port. */
  port?: number;
  /** Default: a random `sk_sandbox_…` key. */
  apiKey?: string;
  /** Default: a random JWT-shaped token. */
  token?: string;
  /** Faults to inject from the start (faults.ts); more can be added at run time. */
  faults?: FaultPlanInput;
  /** Serve HTTPS with this certificate (chain) and private key, both PEM. */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** Default `results` (the API reference); `result` answers search in the service's published shape. */
  searchAnswer?: SearchAnswerShape;
}

export interface Sandbox {
  /** `http://HOST:PORT/v1` */
  baseUrl: string;
  /** `http://HOST:PORT/search/v1` */
  searchUrl: string;
  /** The seeded organization ID. */
  org: string;
  /** The seeded project ID (its name is "demo"). */
  project: string;
  apiKey: string;
  token: string;
  /** Live state: seed data plus the request log. */
  state: SandboxState;
  /** The faults still to be injected. */
  faults: FaultPlan;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? DEFAULT_SANDBOX_HOST;
  const port = options.port ?? DEFAULT_SANDBOX_PORT;
  const apiKey = requireNonEmpty(options.apiKey, 'apiKey') ?? generateApiKey();
  const token = requireNonEmpty(options.token, 'token') ?? generateToken(SEED.orgId);
  const state = createSandboxState({ searchAnswer: options.searchAnswer });
  const faults = new FaultPlan();
  if (options.faults) {
    const parsed = parseFaultPlan(options.faults);
    if ('problems' in parsed) throw new TypeError(`Invalid fault plan: ${parsed.problems.join('; ')}`);
    faults.add(parsed.plan);
  }
  const handler = createRequestHandler({ state, router: createRouter(apiRoutes), credentials: { apiKey, token }, now: () => new Date(), faults });
  const server: Server = options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, handler) : createServer(handler);
  server.on('clientError', answerClientError);
  await listen(server, host, port);
  const origin = `${options.tls ? 'https' : 'http'}://${formatHost(host)}:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/v1`,
    searchUrl: `${origin}/search/v1`,
    org: SEED.orgId,
    project: SEED.projectId,
    apiKey,
    token,
    state,
    faults,
    close: () => closeServer(server),
  };
}

function requireNonEmpty(value: string | undefined, name: string): string | undefined {
  if (value !== undefined && value.trim() === '') throw new TypeError(`Sandbox option ${name} must not be empty.`);
  return value;
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING' ? reject(error) : resolve()));
    // Keep-alive sockets would otherwise hold close() open until they time out.
    server.closeAllConnections();
  });
}

/** IPv6 literals need brackets in a URL. */
function formatHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
