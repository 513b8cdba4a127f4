// A WAF's or a gateway's error page that echoes what it was sent, in every
// encoding of test/helpers/encodings.ts: the API key and the bearer token
// (whose characters need escaping in HTML), and a destination secret read from
// a file, never reach stdout or stderr, in a table or a problem document, with
// colour on and off (README, "What ipctl never prints").
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodings, stillGivesAway } from '../helpers/encodings.js';
import { runMain } from '../helpers/in-process.js';

const apiKey = "sk_live_CANARY<&>\"key'/2f+=9q";
const token = 'eyJ0eXAi.CANARY&token<in>"html".sig';
const secret = 'aws/CANARY+secret&<value>"x"';

let server: Server;
let base: string;
let dir: string;
/** The encoding the next answer uses. */
let current = encodings[0]!;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const sent = [request.headers['x-api-key'], request.headers.authorization, body].map(String);
      const echoed = sent.map((text) => current.encode(text)).join('</li><li>');
      response.writeHead(403, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<html><body><h1>Request blocked</h1><ul><li>${echoed}</li></ul></body></html>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  dir = mkdtempSync(join(tmpdir(), 'ipctl-echoed-'));
  writeFileSync(join(dir, 'secret.txt'), `${secret}\n`);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const commands = [
  { name: 'orgs get (the token)', args: ['orgs', 'get', 'org_x'], secrets: [token] },
  { name: 'connections list (the API key)', args: ['connections', 'list', '--project', 'p'], secrets: [apiKey] },
  { name: 'destinations patch (a secret from a file)', args: ['destinations', 'patch', 'dest_x', '--project', 'p', '--secret', `password=@${'{dir}'}/secret.txt`], secrets: [apiKey, secret] },
];

describe('credentials echoed by a WAF in every encoding', () => {
  for (const command of commands) {
    for (const format of [[], ['-o', 'json']]) {
      for (const colour of [true, false]) {
        it(`${command.name}${format.length ? ' -o json' : ''}, colour ${colour ? 'on' : 'off'}`, async () => {
          for (const encoding of encodings) {
            current = encoding;
            const result = await runMain([...command.args.map((arg) => arg.replace('{dir}', dir)), ...format, '--retries', '0'], {
              env: { IPCTL_BASE_URL: base, IPCTL_API_KEY: apiKey, IPCTL_TOKEN: token, IPCTL_CONFIG_DIR: join(dir, 'config'), IPCTL_PAGER: '', ...(colour ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' }) },
              terminal: { stdout: true, stderr: true },
              columns: 100,
            });
            expect(result.code, `${encoding.name}: ${result.stderr}`).toBe(4);
            const written = (result.stdout + result.stderr).replace(/\u001b\[[\d;]*m/g, '');
            for (const value of command.secrets) expect(stillGivesAway(written, value, encoding), `${encoding.name}:\n${written}`).toBe(false);
          }
        });
      }
    }
  }
});
