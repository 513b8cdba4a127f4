import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanEnv, ipctlBin, runIpctl, tempDir } from '../helpers/cli.js';
import { startProxy, type TestProxy } from '../helpers/proxy.js';
import { canaryToken, type SandboxFixture, startFixture } from '../helpers/sandbox.js';
import { createTestAuthority, type TestAuthority } from '../helpers/tls.js';

let dir: ReturnType<typeof tempDir>;
let authority: TestAuthority;
let otherAuthority: TestAuthority;
let fixture: SandboxFixture;
let proxy: TestProxy;

beforeAll(async () => {
  dir = tempDir('ipctl-tls-');
  authority = createTestAuthority(dir.path);
  const otherDir = join(dir.path, 'other');
  mkdirSync(otherDir);
  otherAuthority = createTestAuthority(otherDir);
  const server = authority.issue('server', ['127.0.0.1', 'localhost']);
  fixture = await startFixture({ tls: { cert: server.cert, key: server.key, ca: readFileSync(authority.caFile, 'utf8') } });
  proxy = await startProxy();
});
afterAll(async () => {
  await proxy.close();
  await fixture.close();
  dir.remove();
});
beforeEach(async () => {
  proxy.seen.length = 0;
  await fixture.clearRequests();
});

const orgsGet = ['orgs', 'get', '--json'];
const sandboxHost = () => new URL(fixture.sandbox.baseUrl).host;

describe('an HTTPS server signed by a private certificate authority', () => {
  it('is refused by default, saying what failed and how to trust the authority (exit 5, nothing retried)', async () => {
    const asJson = await runIpctl(orgsGet, { env: fixture.env() });
    expect(asJson.code).toBe(5);
    expect(JSON.parse(asJson.stderr)).toMatchObject({ type: 'urn:ipctl:problem:network', exitCode: 5, detail: expect.stringContaining('--ca-file PATH') });
    const result = await runIpctl(['orgs', 'get'], { env: fixture.env() });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^Error: The TLS certificate of https:\/\/127\.0\.0\.1:\d+ could not be verified: the certificate is signed by a certificate authority ipctl does not know \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)\.\n/,
    );
    expect(result.stderr).toContain('trust it with --ca-file PATH (or IPCTL_CA_FILE=PATH, or NODE_EXTRA_CA_CERTS=PATH)');
    expect(result.stderr).not.toContain('Gave up');
    expect(await fixture.requests()).toEqual([]);
  });

  it.each([
    ['--ca-file', (ca: string) => ({ args: ['--ca-file', ca], env: {} })],
    ['IPCTL_CA_FILE', (ca: string) => ({ args: [], env: { IPCTL_CA_FILE: ca } })],
    ['NODE_EXTRA_CA_CERTS', (ca: string) => ({ args: [], env: { NODE_EXTRA_CA_CERTS: ca } })],
  ])('is trusted with %s', async (_how, given) => {
    const { args, env } = given(authority.caFile);
    const result = await runIpctl([...orgsGet, ...args], { env: fixture.env(env) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe('org_demo');
  });

  it('keeps trusting NODE_EXTRA_CA_CERTS when --ca-file names another authority', async () => {
    const result = await runIpctl([...orgsGet, '--ca-file', otherAuthority.caFile], { env: fixture.env({ NODE_EXTRA_CA_CERTS: authority.caFile }) });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe('org_demo');
  });

  it('is refused when --ca-file names another authority', async () => {
    const result = await runIpctl([...orgsGet, '--ca-file', otherAuthority.caFile], { env: fixture.env() });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('could not be verified');
  });

  it('says so when the certificate is for another host name', async () => {
    const wrong = authority.issue('wrong-host', ['other.example']);
    const sandbox = await startFixture({ tls: { cert: wrong.cert, key: wrong.key, ca: '' } });
    try {
      const result = await runIpctl([...orgsGet, '--ca-file', authority.caFile], { env: sandbox.env() });
      expect(result.code).toBe(5);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('the certificate is not for this host name (ERR_TLS_CERT_ALTNAME_INVALID)');
      expect(result.stderr).toContain('Use the host name the certificate is for');
    } finally {
      await sandbox.close();
    }
  });

  it.each([
    ['a missing file', () => join(dir.path, 'missing.pem'), 'cannot read', 'no such file'],
    ['a file without certificates', () => {
      const path = join(dir.path, 'not-a-cert.pem');
      writeFileSync(path, 'hello\n');
      return path;
    }, 'holds no PEM certificate', 'BEGIN CERTIFICATE'],
  ])('rejects --ca-file with %s (exit 2, nothing sent)', async (_name, path, message, hint) => {
    const result = await runIpctl([...orgsGet, '--ca-file', path()], { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain(hint);
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('a --ca-file that is not a plain file', () => {
  const fifo = (name: string): string => {
    const path = join(dir.path, name);
    execFileSync('mkfifo', [path]);
    return path;
  };

  it.each([
    ['--ca-file', (path: string) => ({ args: ['--ca-file', path], env: {} })],
    ['IPCTL_CA_FILE', (path: string) => ({ args: [], env: { IPCTL_CA_FILE: path } })],
  ])('%s: a device that never ends is cut at 10 MiB (exit 2, nothing sent)', async (how, given) => {
    const { args, env } = given('/dev/zero');
    const result = await runIpctl([...orgsGet.slice(0, 2), ...args], { env: fixture.env(env), timeoutMs: 30_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${how}: /dev/zero is larger than 10 MiB`);
    expect(await fixture.requests()).toEqual([]);
  });

  it.each([
    ['--ca-file', (path: string) => ({ args: ['--ca-file', path], env: {} })],
    ['IPCTL_CA_FILE', (path: string) => ({ args: [], env: { IPCTL_CA_FILE: path } })],
  ])('%s: a FIFO with nothing writing to it is refused at once, not waited on (exit 2, nothing sent)', async (how, given) => {
    const path = fifo(`no-writer-${how}`);
    const { args, env } = given(path);
    const result = await runIpctl([...orgsGet.slice(0, 2), ...args], { env: fixture.env(env), timeoutMs: 20_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${how}: cannot read ${path} (a pipe with nothing writing to it).`);
    expect(await fixture.requests()).toEqual([]);
  });

  it('a FIFO whose writer sends the authority is read, as `<(command)` is: trusted', async () => {
    const path = fifo('with-writer');
    // The writer waits in open() until ipctl opens the other end.
    const writer = spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', authority.caFile, path], { stdio: 'ignore' });
    try {
      const result = await runIpctl([...orgsGet, '--ca-file', path], { env: fixture.env(), timeoutMs: 20_000 });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).id).toBe('org_demo');
    } finally {
      writer.kill();
    }
  });

  it('every other file flag is read the same way: --input-json from a FIFO without a writer', async () => {
    const path = fifo('input-json');
    const result = await runIpctl(['connections', 'generate', '--project', 'demo', '--input-json', path], { env: fixture.env(), timeoutMs: 20_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--input-json: cannot read ${path} (a pipe with nothing writing to it).`);
  });
});

describe('HTTPS through a proxy', () => {
  it.each(['HTTPS_PROXY', 'https_proxy'])('tunnels through %s, trusting --ca-file inside the tunnel', async (variable) => {
    const result = await runIpctl([...orgsGet, '--ca-file', authority.caFile], { env: fixture.env({ [variable]: proxy.url }) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe('org_demo');
    expect(proxy.seen).toEqual([`CONNECT ${sandboxHost()}`]);
  });

  it('uses HTTP_PROXY for https URLs when HTTPS_PROXY is not set', async () => {
    const result = await runIpctl([...orgsGet], { env: fixture.env({ HTTP_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: authority.caFile }) });
    expect(result.code).toBe(0);
    expect(proxy.seen).toEqual([`CONNECT ${sandboxHost()}`]);
  });

  it('connects directly to hosts in NO_PROXY', async () => {
    const result = await runIpctl([...orgsGet, '--ca-file', authority.caFile], { env: fixture.env({ HTTPS_PROXY: proxy.url, NO_PROXY: '127.0.0.1' }) });
    expect(result.code).toBe(0);
    expect(proxy.seen).toEqual([]);
  });

  it('reports a certificate failure inside the tunnel the same way', async () => {
    const result = await runIpctl(orgsGet, { env: fixture.env({ HTTPS_PROXY: proxy.url }) });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('could not be verified');
    expect(result.stderr).toContain('--ca-file PATH');
    expect(proxy.seen).toEqual([`CONNECT ${sandboxHost()}`]);
  });
});

describe('ipctl sandbox --tls-cert --tls-key', () => {
  it('serves HTTPS that ipctl reaches with --ca-file', async () => {
    const server = authority.issue('spawned', ['127.0.0.1']);
    const child = spawn(process.execPath, [ipctlBin, 'sandbox', '--port', '0', '--json', '--tls-cert', server.certFile, '--tls-key', server.keyFile], {
      env: cleanEnv({ IPCTL_SANDBOX_TOKEN: canaryToken }),
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const [line] = await new Promise<string[]>((resolve) => createInterface({ input: child.stdout }).once('line', (first) => resolve([first])));
      const info = JSON.parse(line!) as { baseUrl: string; org: string };
      expect(info.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
      const config = tempDir();
      const result = await runIpctl(['orgs', 'get', info.org, '--json', '--ca-file', authority.caFile], {
        env: { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: info.baseUrl, IPCTL_TOKEN: canaryToken },
      });
      config.remove();
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).id).toBe(info.org);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it.each([
    [['--tls-cert', 'cert.pem'], '--tls-key: give both --tls-cert and --tls-key, or neither'],
    [['--tls-cert', 'missing.pem', '--tls-key', 'missing-key.pem'], '--tls-cert: cannot read missing.pem (no such file)'],
  ])('rejects %j with exit 2', async (flags, message) => {
    const result = await runIpctl(['sandbox', '--port', '0', ...flags]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });

  it('rejects a key that does not match the certificate, with exit 2', async () => {
    const one = authority.issue('one', ['127.0.0.1']);
    const two = authority.issue('two', ['127.0.0.1']);
    const result = await runIpctl(['sandbox', '--port', '0', '--tls-cert', one.certFile, '--tls-key', two.keyFile]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cannot serve HTTPS with --tls-cert and --tls-key');
  });
});
