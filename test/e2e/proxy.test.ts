import { describe, expect, it } from 'vitest';
import { ipctl } from '../helpers/in-process.js';
import { useProxy } from '../helpers/proxy.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();
const proxy = useProxy();

describe('proxies from the environment', () => {
  const sandboxHost = () => new URL(fixture.sandbox.baseUrl).host;

  it.each(['HTTP_PROXY', 'http_proxy'])('sends requests through %s', async (variable) => {
    const result = await ipctl(['providers', 'get', 'hubspot', '--json'], { env: fixture.env({ [variable]: proxy.url }) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).name).toBe('hubspot');
    expect(proxy.seen).toEqual([`CONNECT ${sandboxHost()}`]);
  });

  it.each([
    ['NO_PROXY', '127.0.0.1'],
    ['no_proxy', '127.0.0.1'],
    ['NO_PROXY', 'host:port'],
    ['NO_PROXY', '*'],
    ['NO_PROXY', 'example.com, 127.0.0.1'],
  ])('bypasses the proxy for hosts in %s=%s', async (variable, value) => {
    const noProxy = value === 'host:port' ? sandboxHost() : value;
    const result = await ipctl(['providers', 'get', 'hubspot', '--json'], { env: fixture.env({ HTTP_PROXY: proxy.url, [variable]: noProxy }) });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(proxy.seen).toEqual([]);
  });

  it('uses the proxy for hosts NO_PROXY does not list', async () => {
    const result = await ipctl(['providers', 'get', 'hubspot', '--json'], { env: fixture.env({ HTTP_PROXY: proxy.url, NO_PROXY: 'example.com,.internal' }) });
    expect(result.code).toBe(0);
    expect(proxy.seen).toEqual([`CONNECT ${sandboxHost()}`]);
  });

  it('says which proxy could not be reached, without its credentials, and exits 5', async () => {
    const deadProxy = 'http://proxyuser:CANARY_PROXY_PASSWORD@127.0.0.1:9';
    const result = await ipctl(['providers', 'get', 'hubspot'], { env: fixture.env({ HTTP_PROXY: deadProxy, IPCTL_RETRIES: '0' }) });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('ECONNREFUSED');
    expect(result.stderr).toContain('through the proxy http://127.0.0.1:9');
    expect(result.stderr).not.toContain('CANARY_PROXY_PASSWORD');
    expect(await fixture.requests()).toEqual([]);
  });
});
