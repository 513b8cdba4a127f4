import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { beforeEach } from 'vitest';
import { useResource } from './lifetime.js';

export interface TestProxy {
  url: string;
  /** What the proxy was asked to do, e.g. `CONNECT 127.0.0.1:4321`. */
  seen: string[];
  close(): Promise<void>;
}

/**
 * A real forward proxy on 127.0.0.1: CONNECT tunnels (as undici uses for http
 * and https alike) and, for anything else, 502.
 */
export async function startProxy(): Promise<TestProxy> {
  const seen: string[] = [];
  const proxy: Server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    response.writeHead(502).end();
  });
  proxy.on('connect', (request, client, head) => {
    seen.push(`CONNECT ${request.url}`);
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
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    seen,
    close: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

/**
 * A forward proxy for the tests of a file or a describe block: started before
 * the first, what it saw forgotten before each, closed after the last.
 */
export function useProxy(): TestProxy {
  const proxy = useResource(startProxy, (started) => started.close(), 'all');
  beforeEach(() => {
    proxy.seen.length = 0;
  });
  return proxy;
}
