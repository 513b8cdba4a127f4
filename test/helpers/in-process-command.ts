// An `ipctl` command for shells that this test process answers in-process:
// the shell runs a small bash client, which hands its arguments, environment
// and stdin to main() here over a loopback socket and prints what main()
// wrote. Spawned, each call would start Node and the bundle: a second or more
// on a loaded machine, where a completion script calls `ipctl __complete` at
// each Tab on a dynamic value, and a documentation example runs ipctl several
// times. The built binary keeps one such run of each kind (completions.test.ts,
// test/process/ci-examples.test.ts).
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
 * Writes `dir`/in-process-bin/ipctl and starts the server it talks to. The
 * client sends the number of arguments, the arguments and `env -0`, each ended
 * by a NUL, then one NUL more (no environment entry is empty), then stdin's
 * length in bytes ended by a NUL, and stdin (none when stdin is a terminal, as
 * in a completion at Tab; a NUL in it is lost). It reads back the exit code
 * and stderr's length in bytes, a line each, then stderr, then stdout. ipctl
 * runs in this process's working folder.
 */
export async function inProcessCommand(dir: string): Promise<InProcessCommand> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let data = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const request = parseRequest(data);
      if (!request) return;
      void runMain(request.args, { env: request.env, stdin: request.stdin }).then(
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
    'input=',
    'if [ ! -t 0 ]; then input=$(cat; printf x); input=${input%x}; fi',
    '# Bytes, not characters, from here on (the environment has been sent).',
    'LC_ALL=C',
    `printf '%s\\0%s' "\${#input}" "$input" >&3`,
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

interface Request {
  args: string[];
  env: Record<string, string>;
  stdin: Buffer;
}

/** A whole request, or undefined while one is still arriving. */
function parseRequest(data: Buffer): Request | undefined {
  let at = 0;
  const field = (): string | undefined => {
    const end = data.indexOf(0, at);
    if (end === -1) return undefined;
    const text = data.toString('utf8', at, end);
    at = end + 1;
    return text;
  };
  const count = field();
  if (count === undefined) return undefined;
  const args: string[] = [];
  while (args.length < Number(count)) {
    const arg = field();
    if (arg === undefined) return undefined;
    args.push(arg);
  }
  const env: Record<string, string> = {};
  for (let entry = field(); entry !== ''; entry = field()) {
    if (entry === undefined) return undefined;
    const equals = entry.indexOf('=');
    env[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  const length = field();
  if (length === undefined || data.length < at + Number(length)) return undefined;
  return { args, env, stdin: data.subarray(at, at + Number(length)) };
}
