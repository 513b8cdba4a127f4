// The undici dispatcher for one route out: direct, or through a proxy. The
// proxy case carries ipctl's own bound on tunnels, which undici lacks.
import { holdsUnseen } from '../config/service-url.js';
import { UsageError } from '../errors.js';
import { type Dispatcher, EnvHttpProxyAgent, Pool } from './undici.js';

/** Said when a proxy ends a tunnel it was asked to open without answering the CONNECT. */
class TunnelClosedError extends Error {
  readonly code = 'IPCTL_PROXY_TUNNEL_CLOSED';

  constructor(cause: unknown) {
    super('the proxy closed the connection without answering the CONNECT request', { cause });
  }
}

/**
 * The dispatcher for a proxy URL, or for direct connections when proxy is
 * undefined. Given one proxy for both schemes and no NO_PROXY, undici's env
 * agent tunnels through it (CONNECT), or connects directly. Each trusts `ca`
 * when given. A proxy that never answers a CONNECT is given up on after
 * timeoutMs, as a server is.
 */
export function createDispatcher(proxy: string | undefined, { ca, timeoutMs }: { ca?: string[]; timeoutMs: number }): Dispatcher {
  const problem = proxy === undefined ? undefined : proxyUrlProblem(proxy);
  if (problem) throw new UsageError(`The proxy in HTTPS_PROXY or HTTP_PROXY ${problem}; nothing was sent.`, 'Give its scheme, host and port, for example: HTTPS_PROXY=http://proxy.example.com:3128');
  return new EnvHttpProxyAgent({
    httpProxy: proxy ?? '',
    httpsProxy: proxy ?? '',
    noProxy: '',
    ...(proxy === undefined ? {} : { factory: boundedTunnels, clientFactory: proxyPool(timeoutMs) }),
    // connect: direct TLS; requestTls: TLS to the server inside a tunnel; proxyTls: TLS to an https proxy.
    ...(ca ? { connect: { ca }, requestTls: { ca }, proxyTls: { ca } } : {}),
  });
}

/**
 * What makes a proxy URL unusable, never quoting it (it may hold a password).
 * A path, query or fragment has no meaning for a proxy: refused rather than dropped.
 */
function proxyUrlProblem(proxy: string): string | undefined {
  // The parser would drop the space or line end a copied value carries: not what was written.
  if (holdsUnseen(proxy)) return 'holds spaces, invisible or control characters (one copied with a line end?)';
  if (!URL.canParse(proxy)) return 'is not a URL';
  const url = new URL(proxy);
  if (!/^https?:$/.test(url.protocol)) return 'is not an http(s) URL';
  if (url.port === '0') return 'names port 0, where no proxy can be reached';
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(proxy)) return 'has a path, query or fragment, which a proxy URL cannot have';
  return undefined;
}

type Connector = (options: object, callback: (error: Error | null, socket: unknown) => void) => void;

/**
 * The pool for one origin behind the proxy. When the proxy closes a tunnel
 * before answering, undici reports a socket error, which it takes for a broken
 * idle connection: it keeps the request queued and connects again, at once and
 * for ever (hundreds of thousands of connections a minute, deaf to the
 * request's abort signal). Reported as another error, the failure ends the
 * request instead, and ipctl's own retry rules decide what comes next.
 */
function boundedTunnels(origin: string | URL, options: object & { connect?: unknown }): Dispatcher {
  const tunnel = options.connect as Connector;
  const connect: Connector = (connectOptions, callback) =>
    tunnel(connectOptions, (error, socket) => {
      const closed = (error as { code?: unknown } | null)?.code === 'UND_ERR_SOCKET';
      callback(closed ? new TunnelClosedError(error) : error, socket);
    });
  return new Pool(origin, { ...options, connect } as Pool.Options);
}

/** The pool of connections to the proxy itself, which carry the CONNECT requests. */
function proxyPool(timeoutMs: number) {
  return (origin: string | URL, options: object): Dispatcher => new Pool(origin, { ...options, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
}
