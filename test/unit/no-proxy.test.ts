// NO_PROXY as README.md and docs/reliability.md state it: whole labels, exact
// addresses, ports when given; each rule beside the near-miss it must refuse.
import { describe, expect, it } from 'vitest';
import { proxyFor } from '../../src/api/proxy.js';

const proxy = 'http://proxy.example.net:3128';

/** Whether a request to `url` connects directly with this NO_PROXY. */
function direct(url: string, noProxy: string): boolean {
  return proxyFor(new URL(url), { HTTPS_PROXY: proxy, HTTP_PROXY: proxy, NO_PROXY: noProxy }) === undefined;
}

describe('NO_PROXY', () => {
  it('matches a name and its subdomains, label by label', () => {
    expect(direct('https://example.com/v1', 'example.com')).toBe(true);
    expect(direct('https://api.example.com/v1', 'example.com')).toBe(true);
    expect(direct('https://a.b.example.com/v1', '.example.com')).toBe(true);
    expect(direct('https://api.example.com/v1', '*.example.com')).toBe(true);
    expect(direct('https://API.Example.COM/v1', 'example.com')).toBe(true);
    expect(direct('https://example.com./v1', 'example.com')).toBe(true);
    expect(direct('https://api.example.com/v1', 'EXAMPLE.com.')).toBe(true);
    // Near-misses: a name that only ends in the same letters, or only starts with them.
    expect(direct('https://evilexample.com/v1', 'example.com')).toBe(false);
    expect(direct('https://evilexample.com/v1', '.example.com')).toBe(false);
    expect(direct('https://localhost/v1', 'host')).toBe(false);
    expect(direct('https://example.com.evil.net/v1', 'example.com')).toBe(false);
    expect(direct('https://example.co/v1', 'example.com')).toBe(false);
  });

  it('matches an address only as itself', () => {
    expect(direct('http://127.0.0.1:4510/v1', '127.0.0.1')).toBe(true);
    expect(direct('http://10.1.2.3/v1', '10.1.2.3')).toBe(true);
    // Near-misses: the same digits as a suffix, by label or not.
    expect(direct('http://127.0.0.1:4510/v1', '0.0.1')).toBe(false);
    expect(direct('http://127.0.0.1:4510/v1', '27.0.0.1')).toBe(false);
    expect(direct('http://127.0.0.11:4510/v1', '127.0.0.1')).toBe(false);
  });

  it('takes IPv6 addresses with or without brackets, in any spelling', () => {
    expect(direct('http://[::1]:4510/v1', '::1')).toBe(true);
    expect(direct('http://[::1]:4510/v1', '[::1]')).toBe(true);
    expect(direct('http://[::1]:4510/v1', '0:0:0:0:0:0:0:1')).toBe(true);
    expect(direct('http://[::1]:4510/v1', '[::1]:4510')).toBe(true);
    expect(direct('http://[::1]:45100/v1', '[::1]:4510')).toBe(false);
    expect(direct('http://[::2]:4510/v1', '::1')).toBe(false);
  });

  it('holds an entry with a port to that port, the scheme\'s default when the URL has none', () => {
    expect(direct('http://127.0.0.1:4510/v1', '127.0.0.1:4510')).toBe(true);
    expect(direct('https://api.example.com/v1', 'example.com:443')).toBe(true);
    expect(direct('http://api.example.com/v1', 'example.com:80')).toBe(true);
    // Near-misses: a port that starts with the same digits, one that is a prefix of it, the other default.
    expect(direct('http://127.0.0.1:45100/v1', '127.0.0.1:4510')).toBe(false);
    expect(direct('http://127.0.0.1:4510/v1', '127.0.0.1:45100')).toBe(false);
    expect(direct('http://127.0.0.1:4510/v1', '127.0.0.1:451')).toBe(false);
    expect(direct('https://api.example.com/v1', 'example.com:80')).toBe(false);
    expect(direct('https://api.example.com:8443/v1', 'example.com:443')).toBe(false);
  });

  it('reads lists split by commas or spaces, and * alone for every host', () => {
    expect(direct('https://api.example.com/v1', 'localhost, example.com')).toBe(true);
    expect(direct('https://api.example.com/v1', 'localhost example.com')).toBe(true);
    expect(direct('https://api.example.com/v1', '*')).toBe(true);
    expect(direct('https://api.example.com/v1', ' * ')).toBe(true);
    expect(direct('https://api.example.com/v1', 'localhost,other.com')).toBe(false);
    expect(direct('https://api.example.com/v1', '')).toBe(false);
  });

  it('is read from no_proxy too, NO_PROXY winning', () => {
    const url = new URL('https://api.example.com/v1');
    expect(proxyFor(url, { HTTPS_PROXY: proxy, no_proxy: 'example.com' })).toBeUndefined();
    expect(proxyFor(url, { HTTPS_PROXY: proxy, NO_PROXY: 'other.com', no_proxy: 'example.com' })).toBe(proxy);
  });
});

describe('which proxy a URL goes through', () => {
  // docs/reliability.md, "Proxies": read in either case, upper case winning; an https:// base URL
  // goes through HTTPS_PROXY, else HTTP_PROXY; an http:// one through HTTP_PROXY.
  const secure = new URL('https://api.example.com/v1');
  const plainHttp = new URL('http://api.example.com/v1');
  const forHttps = 'http://https-proxy.example:3128';
  const forHttp = 'http://http-proxy.example:3128';

  it('an https URL: HTTPS_PROXY, else HTTP_PROXY', () => {
    expect(proxyFor(secure, { HTTPS_PROXY: forHttps, HTTP_PROXY: forHttp })).toBe(forHttps);
    expect(proxyFor(secure, { https_proxy: forHttps, http_proxy: forHttp })).toBe(forHttps);
    expect(proxyFor(secure, { HTTP_PROXY: forHttp })).toBe(forHttp);
  });

  it('an http URL: HTTP_PROXY only', () => {
    expect(proxyFor(plainHttp, { HTTPS_PROXY: forHttps, HTTP_PROXY: forHttp })).toBe(forHttp);
    expect(proxyFor(plainHttp, { HTTPS_PROXY: forHttps })).toBeUndefined();
  });

  it('reads lower case, and upper case wins when both are set', () => {
    expect(proxyFor(plainHttp, { http_proxy: forHttp })).toBe(forHttp);
    expect(proxyFor(secure, { https_proxy: forHttps })).toBe(forHttps);
    expect(proxyFor(plainHttp, { HTTP_PROXY: forHttp, http_proxy: 'http://lower.example:1' })).toBe(forHttp);
    expect(proxyFor(secure, { HTTPS_PROXY: forHttps, https_proxy: 'http://lower.example:1' })).toBe(forHttps);
  });
});
