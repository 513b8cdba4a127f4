import { setFlagsFromString } from 'node:v8';
import type { Dispatcher } from 'undici';
import apiRequest from 'undici/lib/api/api-request.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';

/*
 * The parts of undici ipctl uses: its request API and the proxy-aware agent.
 * Importing them directly, not through undici's index, leaves out fetch,
 * WebSocket, caches and mocks: most of the code every HTTP command would load.
 */

// undici parses HTTP with llhttp compiled to WebAssembly. V8's optimising tier
// would recompile it in the background: for a CLI's few requests that costs
// about 35 MB and tens of milliseconds, and gains nothing measurable.
setFlagsFromString('--liftoff-only');

export { EnvHttpProxyAgent };
export type { Dispatcher };

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher };

/** undici's request(url, options), bound to the given dispatcher. */
export function request(url: URL, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  return apiRequest.call(dispatcher, { ...rest, origin: url.origin, path: `${url.pathname}${url.search}` });
}
