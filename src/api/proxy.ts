// Which proxy a request goes through, from HTTPS_PROXY, HTTP_PROXY and
// NO_PROXY (either case; upper case wins when both are set). Decided here, in
// one place, so that an error can name the proxy that was used.

type Env = Record<string, string | undefined>;

/**
 * The proxy URL for `url`, or undefined to connect directly. An https URL
 * uses HTTPS_PROXY, else HTTP_PROXY; an http URL uses HTTP_PROXY. NO_PROXY
 * lists hosts to reach directly: `*` for all, `example.com` (also matching its
 * subdomains, label by label; a leading `.` or `*.` is the same), `host:port`
 * for one port, IPv6 addresses with or without brackets.
 */
export function proxyFor(url: URL, env: Env): string | undefined {
  const httpProxy = env.HTTP_PROXY || env.http_proxy || undefined;
  const proxy = url.protocol === 'https:' ? env.HTTPS_PROXY || env.https_proxy || httpProxy : httpProxy;
  if (!proxy || bypassed(url, env.NO_PROXY || env.no_proxy || '')) return undefined;
  return proxy;
}

function bypassed(url: URL, noProxy: string): boolean {
  if (noProxy.trim() === '*') return true;
  const hostname = canonicalHost(url.hostname);
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  return noProxy
    .split(/[,\s]/)
    .filter(Boolean)
    .some((text) => {
      const entry = noProxyEntry(text);
      if (entry.port !== undefined && entry.port !== port) return false;
      if (hostname === entry.host) return true;
      // A suffix matches whole labels of a name: example.com covers api.example.com, never evilexample.com;
      // an address only itself (0.0.1 does not cover 127.0.0.1).
      return !isAddress(hostname) && hostname.endsWith(`.${entry.host}`);
    });
}

/** One NO_PROXY entry: `host`, `.host`, `*.host`, `host:port`, `[v6]`, `[v6]:port` or a bare IPv6 address. */
function noProxyEntry(text: string): { host: string; port?: number } {
  const bracketed = /^\[([^\]]*)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: canonicalHost(bracketed[1]!), port: portOf(bracketed[2]) };
  // More than one colon: an IPv6 address without brackets, which cannot carry a port.
  if (text.indexOf(':') !== text.lastIndexOf(':')) return { host: canonicalHost(text) };
  const [, host = text, port] = /^(.*):(\d+)$/.exec(text) ?? [];
  return { host: canonicalHost(host.replace(/^\*?\./, '')), port: portOf(port) };
}

/** An IP address, as URL parsers write one: IPv4 in four decimal parts, IPv6 with colons. */
function isAddress(hostname: string): boolean {
  return hostname.includes(':') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname);
}

function portOf(text: string | undefined): number | undefined {
  return text === undefined ? undefined : Number(text);
}

/**
 * A host name or address as URL parsers write it: lower case, without a
 * trailing dot, IPv6 without brackets and in its shortest form (0:0::1 is ::1).
 */
function canonicalHost(host: string): string {
  const bare = host.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (bare.includes(':') && /^[0-9a-f:.]+$/.test(bare) && URL.canParse(`http://[${bare}]`)) return new URL(`http://[${bare}]`).hostname.slice(1, -1);
  return bare;
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
