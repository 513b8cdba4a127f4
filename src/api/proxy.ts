// Which proxy a request goes through, from HTTPS_PROXY, HTTP_PROXY and
// NO_PROXY (either case; upper case wins when both are set). Decided here, in
// one place, so that an error can name the proxy that was used.

type Env = Record<string, string | undefined>;

/**
 * The proxy URL for `url`, or undefined to connect directly. An https URL
 * uses HTTPS_PROXY, else HTTP_PROXY; an http URL uses HTTP_PROXY. NO_PROXY
 * lists hosts to reach directly: `*` for all, `example.com` (also matching its
 * subdomains; a leading `.` or `*.` is the same), `host:port` for one port.
 */
export function proxyFor(url: URL, env: Env): string | undefined {
  const httpProxy = env.HTTP_PROXY || env.http_proxy || undefined;
  const proxy = url.protocol === 'https:' ? env.HTTPS_PROXY || env.https_proxy || httpProxy : httpProxy;
  if (!proxy || bypassed(url, env.NO_PROXY || env.no_proxy || '')) return undefined;
  return proxy;
}

function bypassed(url: URL, noProxy: string): boolean {
  if (noProxy.trim() === '*') return true;
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  return noProxy
    .split(/[,\s]/)
    .filter(Boolean)
    .some((entry) => {
      const [, host = entry, entryPort] = /^(.+):(\d+)$/.exec(entry) ?? [];
      if (entryPort && Number(entryPort) !== port) return false;
      const name = host.replace(/^\*?\./, '').replace(/^\[|\]$/g, '').toLowerCase();
      return hostname === name || hostname.endsWith(`.${name}`);
    });
}

/** A proxy URL fit to show: without the user name and password it may carry. */
export function displayProxy(proxy: string): string {
  try {
    const url = new URL(proxy);
    url.username = '';
    url.password = '';
    return url.href.replace(/\/$/, '');
  } catch {
    return '(an invalid proxy URL)';
  }
}
