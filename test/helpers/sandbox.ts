import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';
import { tempDir } from './cli.js';

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
}

export interface SandboxFixture {
  sandbox: Sandbox;
  configDir: string;
  /** Environment pointing ipctl at the sandbox, with the canary credentials. */
  env(extra?: Record<string, string | undefined>): Record<string, string | undefined>;
  /** Requests the sandbox saw since the last clear. */
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  close(): Promise<void>;
}

export async function startFixture(): Promise<SandboxFixture> {
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, apiKey: canaryApiKey, token: canaryToken });
  const config = tempDir();
  const control = new URL('/_sandbox/requests', sandbox.baseUrl);
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
    requests: async () => (await (await fetch(control)).json()) as Awaited<ReturnType<SandboxFixture['requests']>>,
    clearRequests: async () => {
      await fetch(control, { method: 'DELETE' });
    },
    close: async () => {
      await sandbox.close();
      config.remove();
    },
  };
}
