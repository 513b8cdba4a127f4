import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIpctl } from '../helpers/cli.js';
import { type SandboxFixture, startFixture } from '../helpers/sandbox.js';

let fixture: SandboxFixture;
let proxy: Server;
let proxyUrl: string;
const tunnels: string[] = [];

beforeAll(async () => {
  fixture = await startFixture();
  // A real forward proxy: CONNECT tunnels (as undici uses) and absolute-form requests.
  proxy = createServer((request, response) => {
    tunnels.push(`GET ${request.url}`);
    response.writeHead(502).end();
  });
  proxy.on('connect', (request, client, head) => {
    tunnels.push(`CONNECT ${request.url}`);
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await fixture.close();
});

describe('proxies from the environment', () => {
  const sandboxHost = () => new URL(fixture.sandbox.baseUrl).host;

  it.each(['HTTP_PROXY', 'http_proxy'])('sends requests through %s', async (variable) => {
    tunnels.length = 0;
    const result = await runIpctl(['providers', 'get', 'hubspot', '--json'], { env: fixture.env({ [variable]: proxyUrl }) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).name).toBe('hubspot');
    expect(tunnels).toEqual([`CONNECT ${sandboxHost()}`]);
  });

  it('bypasses the proxy for hosts in NO_PROXY', async () => {
    tunnels.length = 0;
    const result = await runIpctl(['providers', 'get', 'hubspot', '--json'], { env: fixture.env({ HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' }) });
    expect(result.code).toBe(0);
    expect(tunnels).toEqual([]);
  });
});
