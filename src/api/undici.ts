import { setFlagsFromString } from 'node:v8';
import type { Dispatcher as DispatcherType } from 'undici';
import apiConnect from 'undici/lib/api/api-connect.js';
import apiRequest from 'undici/lib/api/api-request.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';

/*
 * The parts of undici ipctl uses: request() and connect() of its dispatcher API
 * and the proxy-aware agent. Importing them directly, not through undici's index,
 * leaves out fetch, WebSocket, caches, mocks, and the stream, pipeline and
 * upgrade APIs: most of the code every HTTP command would otherwise load.
 */

// What undici's index does, for the two methods used: ipctl's requests, and the
// CONNECT with which the proxy agent opens a tunnel.
Object.assign(Dispatcher.prototype, { request: apiRequest, connect: apiConnect });

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
