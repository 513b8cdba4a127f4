// What the read commands of read-operations.md print from a server that sends
// escape sequences and a customer's credentials: the texts reach the terminal as
// data (no control character but ipctl's own colours), and the credentials, by
// their field names, as ****abcd, with colour on and off, in every format.
import { describe, expect, it } from 'vitest';
import { useHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';

const stubs = useHttpStubs();

const customerKey = 'cust_CANARY_apikey_93b1c7e2d4f60a58';
const accessToken = 'cust_CANARY_access_1f2e3d4c5b6a7988';
const refreshToken = 'cust_CANARY_refresh_77aa88bb99cc00dd';
const headerSecret = 'Bearer cust_CANARY_header_0a0b0c0d0e0f1011';
const hostile = 'acme\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\u001b[2J\u202e';

const connection = {
  id: 'conn_hostile',
  projectId: 'proj_1',
  provider: 'pipedrive',
  group: { groupRef: hostile, groupName: hostile, projectId: 'proj_1', createTime: '2024-01-01T00:00:00Z' },
  consumer: { consumerRef: 'u-1', consumerName: 'U', projectId: 'proj_1', createTime: '2024-01-01T00:00:00Z' },
  authScheme: 'apiKey',
  status: 'working',
  createTime: '2024-01-01T00:00:00Z',
  apiKey: customerKey,
  oauth2AuthorizationCode: { accessToken: { token: accessToken }, refreshToken: { token: refreshToken }, scopes: ['a'] },
};
const destination = { id: 'dest_h', name: 'hook', type: 'webhook', metadata: { url: 'https://h.example', headers: { Authorization: headerSecret, 'X-Note': hostile } }, createTime: '2024-01-01T00:00:00Z' };

const secrets = [customerKey, accessToken, refreshToken, headerSecret, headerSecret.slice('Bearer '.length)];
const sgr = /\u001b\[[\d;]*m/g;

async function run(args: string[], options: { colour: boolean; format: string }) {
  return runMain([...args, '-o', options.format], {
    env: {
      IPCTL_BASE_URL: stubs.baseUrl,
      IPCTL_API_KEY: 'sk_stub_key_0123456789',
      IPCTL_CONFIG_DIR: '/nonexistent/ipctl-stub-config',
      IPCTL_PAGER: '',
      ...(options.colour ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' }),
    },
    terminal: { stdout: true, stderr: true },
    columns: 100,
  });
}

const cases = [
  { name: 'connections list', args: ['connections', 'list', '--project', 'p'], path: '/projects/p/connections', json: [connection] },
  { name: 'connections get', args: ['connections', 'get', 'conn_hostile', '--project', 'p'], path: '/projects/p/connections/conn_hostile', json: connection },
  { name: 'destinations list', args: ['destinations', 'list', '--project', 'p'], path: '/projects/p/destinations', json: [destination] },
];

describe('the read commands, against a server that sends escape sequences and customers\' credentials', () => {
  for (const entry of cases) {
    for (const colour of [true, false]) {
      for (const format of ['table', 'wide', 'json', 'yaml', 'ndjson']) {
        it(`${entry.name} -o ${format}, colour ${colour ? 'on' : 'off'}`, async () => {
          stubs.register('GET', entry.path, { status: 200, json: entry.json });
          const result = await run(entry.args, { colour, format });
          expect(result.code, result.stderr).toBe(0);
          for (const secret of secrets) expect(result.stdout + result.stderr).not.toContain(secret);
          const text = result.stdout.replace(sgr, '');
          expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
          if (!colour) expect(result.stdout).not.toContain('\u001b');
          if (entry.name.startsWith('connections') && format !== 'table' && format !== 'wide') expect(text).toContain(`****${customerKey.slice(-4)}`);
        });
      }
    }
  }
});
