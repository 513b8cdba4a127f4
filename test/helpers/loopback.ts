// What every test server here needs: to listen on 127.0.0.1 only, and to close
// at once, with any connection a client left open (a kept-alive socket, a hung
// request) ended rather than waited for.
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Listening {
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1, on `port` when given (rejecting when it is taken), else on a free one. */
export async function listenOnLoopback(server: Server, port = 0): Promise<Listening> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
