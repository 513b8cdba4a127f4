import type { Dispatcher as DispatcherType } from 'undici';
import apiConnect from 'undici/lib/api/api-connect.js';
import apiRequest from 'undici/lib/api/api-request.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import Pool from 'undici/lib/dispatcher/pool.js';

/*
 * The parts of undici ipctl uses: request() and connect() of its dispatcher API
 * and the proxy-aware agent. undici's index also loads fetch, WebSocket,
 * cookies, caches and mocks; going past it saves about 50 ms of every HTTP
 * command on Node 24 (measured with `npm run bench`). These paths are not
 * undici's public API, so package.json pins undici to one exact version and
 * scripts/build.mjs stops with a clear message if any of them moves.
 */

// What undici's index does, for the two methods used: ipctl's requests, and the
// CONNECT with which the proxy agent opens a tunnel.
Object.assign(Dispatcher.prototype, { request: apiRequest, connect: apiConnect });

export { EnvHttpProxyAgent, Pool };
export type { DispatcherType as Dispatcher };

export type RequestOptions = Omit<DispatcherType.RequestOptions, 'origin' | 'path'> & { dispatcher: DispatcherType };

/** undici's request(url, options) on the given dispatcher. */
export function request(url: URL, options: RequestOptions): Promise<DispatcherType.ResponseData> {
  const { dispatcher, ...rest } = options;
  return dispatcher.request({ ...rest, origin: url.origin, path: `${url.pathname}${url.search}` });
}
