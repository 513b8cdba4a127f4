// Files and stdin that flags read as text (--api-key-file, --input-json, -F @PATH...) must be UTF-8:
// a credential read with replacement characters in it would be sent as another value.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { type HttpStubs, startHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';

const dir = tempDir('ipctl-text-files-');
afterAll(() => dir.remove());

let stubs: HttpStubs;
beforeEach(async () => {
  stubs = await startHttpStubs();
  stubs.register('GET', '/providers/pipedrive', { status: 200, json: { name: 'pipedrive', authType: 'apiKey' } });
});
afterEach(async () => {
  await stubs.close();
});

const canary = 'pd_text_CANARY_41b7';
const env = () => ({ IPCTL_BASE_URL: stubs.baseUrl, IPCTL_API_KEY: 'sk_text_files', IPCTL_CONFIG_DIR: join(dir.path, 'config'), NO_COLOR: '1' });
const generate = (keyFile: string) => ['connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', '--group-ref', 'g', '--consumer-ref', 'c', '--workspace', 'acme', '--api-key-file', keyFile];

// Each holds the canary beside bytes a UTF-8 reader would replace.
const notUtf8: Array<[string, Buffer]> = [
  ['a Latin-1 byte', Buffer.concat([Buffer.from(canary), Buffer.from([0xe9])])],
  ['a lone continuation byte', Buffer.concat([Buffer.from([0x80]), Buffer.from(canary)])],
  ['a truncated sequence at the end', Buffer.concat([Buffer.from(canary), Buffer.from([0xe2, 0x82])])],
  ['UTF-16 with its byte-order mark', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(canary, 'utf16le')])],
];

describe('a secret file that is not UTF-8', () => {
  it.each(notUtf8)('is refused when it has %s: exit 2, the flag named, nothing sent, nothing quoted', async (what, bytes) => {
    const path = join(dir.path, `${what.replaceAll(' ', '-')}.txt`);
    writeFileSync(path, bytes);
    const fromFile = await runMain(generate(path), { env: env() });
    const fromStdin = await runMain(generate('-'), { env: env(), stdin: bytes });
    for (const [source, result] of [[path, fromFile], ['stdin', fromStdin]] as const) {
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(`--api-key-file: ${source} is not UTF-8 text.`);
      expect(`${result.stdout}${result.stderr}`).not.toContain(canary);
    }
    expect(stubs.received.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('is sent as written when it is UTF-8, with or without a byte-order mark (the near-miss)', async () => {
    const key = `${canary}é`;
    const path = join(dir.path, 'bom.txt');
    writeFileSync(path, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${key}\n`)]));
    stubs.register('POST', '/projects/demo/connections:generate', { status: 201, json: { id: 'conn_1', provider: 'pipedrive', group: { groupRef: 'g' } } });
    const result = await runMain([...generate(path), '-o', 'json'], { env: env() });
    expect(result.code, result.stderr).toBe(0);
    const post = stubs.received.find((request) => request.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({ apiKey: key });
  });
});
