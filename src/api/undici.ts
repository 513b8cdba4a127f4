import { setFlagsFromString } from 'node:v8';
import type { Dispatcher as DispatcherType } from 'undici';
import api from 'undici/lib/api/index.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';

/*
 * The parts of undici ipctl uses: its dispatcher API (request, connect, ...) and
 * the proxy-aware agent. Importing them directly, not through undici's index,
 * leaves out fetch, WebSocket, caches and mocks: most of the code every HTTP
 * command would otherwise load.
 */

// What undici's index does: give every dispatcher request(), connect() and the rest.
Object.assign(Dispatcher.prototype, api);

// undici parses HTTP with llhttp compiled to WebAssembly. V8's optimising tier
// would recompile it in the background: for a CLI's few requests that costs
// about 35 MB and tens of milliseconds, and gains nothing measurable.
setFlagsFromString('--liftoff-only');

export { EnvHttpProxyAgent };
export type { DispatcherType as Dispatcher };

export type RequestOptions = Omit<DispatcherType.RequestOptions, 'origin' | 'path'> & { dispatcher: DispatcherType };

/** undici's request(url, options) on the given dispatcher. */
export function request(url: URL, options: RequestOptions): Promise<DispatcherType.ResponseData> {
  const { dispatcher, ...rest } = options;
  return dispatcher.request({ ...rest, origin: url.origin, path: `${url.pathname}${url.search}` });
}
