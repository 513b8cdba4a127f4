// An `ipctl` command for shells that this test process answers in-process:
// the shell runs a small bash client, which hands its arguments and
// environment to main() here over a loopback socket and prints what main()
// wrote. A shell's completion script calls `ipctl __complete` at each Tab on a
// dynamic value; spawned, each of those calls starts Node and the bundle. The
// spawned binary keeps its own tests (test/e2e/completions.test.ts runs each
// shell once against it).
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { runMain } from './in-process.js';

export interface InProcessCommand {
  /** A folder holding `ipctl`, to put first on a shell's PATH. */
  bin: string;
  close: () => Promise<void>;
}

/**
 * Writes `dir`/bin/ipctl and starts the server it talks to. The client sends
 * the number of arguments, the arguments and `env -0`, each ended by a NUL,
 * then one NUL more (no environment entry is empty); it reads back the exit
 * code and stderr's length in bytes, a line each, then stderr, then stdout.
 * It gives ipctl no stdin.
 */
export async function inProcessCommand(dir: string): Promise<InProcessCommand> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const request = parseRequest(Buffer.concat(chunks).toString('utf8'));
      if (!request) return;
      void runMain(request.args, { env: request.env }).then(
        (result) => socket.end(`${result.code}\n${Buffer.byteLength(result.stderr)}\n${result.stderr}${result.stdout}`),
        (error: unknown) => socket.end(`70\n${Buffer.byteLength(String(error))}\n${String(error)}`),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const bin = join(dir, 'in-process-bin');
  mkdirSync(bin, { recursive: true });
  const client = [
    '#!/bin/bash',
    `exec 3<>/dev/tcp/127.0.0.1/${port} || exit 70`,
    `{ printf '%s\\0' "$#" "$@"; env -0; printf '\\0'; } >&3`,
    'IFS= read -r code <&3',
    'IFS= read -r length <&3',
    'head -c "$length" <&3 >&2',
    'cat <&3',
    'exit "$code"',
    '',
  ].join('\n');
  writeFileSync(join(bin, 'ipctl'), client);
  chmodSync(join(bin, 'ipctl'), 0o755);
  return {
    bin,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The arguments and environment of a whole request, or undefined while one is still arriving. */
function parseRequest(text: string): { args: string[]; env: Record<string, string> } | undefined {
  const fields = text.split('\0');
  const count = Number(fields[0]);
  if (fields.length < 2 || !Number.isInteger(count)) return undefined;
  const args = fields.slice(1, 1 + count);
  const rest = fields.slice(1 + count);
  const end = rest.indexOf('');
  // The last field is what follows the last NUL: a request is whole once an empty field ends it.
  if (args.length < count || end === -1 || end === rest.length - 1) return undefined;
  const env: Record<string, string> = {};
  for (const entry of rest.slice(0, end)) {
    const equals = entry.indexOf('=');
    env[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return { args, env };
}
