// Checking a bulk import's row (src/connections/bulk/check.ts): the answer for a row must not
// depend on whether its provider was read from the catalogue already. A row is checked
// without its provider first, and only a row right without it asks for the provider; once a
// provider has been read, a row of it may be checked against it at once, and must come out
// exactly as it would have the first time. Providers from the sandbox's seed catalogue.
import { describe, expect, it } from 'vitest';
import type { Provider } from '../../src/api/schemas.js';
import { checkRow, type RowDefaults } from '../../src/connections/bulk/check.js';
import type { InputRow } from '../../src/connections/bulk/rows.js';
import type { ProviderLookup } from '../../src/connections/providers.js';
import { createProviderCatalogue } from '../../src/sandbox/seed-providers.js';

const catalogue = createProviderCatalogue();

/** A lookup over the seed catalogue that records what it was asked. */
function lookUpOf(): ProviderLookup & { asked: string[] } {
  const asked: string[] = [];
  const read = new Map<string, Provider>();
  const lookUp = async (name: string): Promise<Provider | undefined> => {
    asked.push(name);
    // The sandbox's own type for what it serves; the client reads it as the API's.
    const found = catalogue[name] as unknown as Provider | undefined;
    if (found) read.set(name, found);
    return found;
  };
  return Object.assign(lookUp, { known: (name: string) => read.get(name), asked });
}

const noDefaults: RowDefaults = { body: {}, inlineCustomKeys: new Set() };
const base = { groupRef: 'acme', consumerRef: 'u-1' };

/** Rows right and wrong in each way a row can be: its own shape, or against its provider. */
const bodies: Array<Record<string, unknown>> = [
  { ...base, provider: 'pipedrive', apiKey: 'pd-key-0001', providerWorkspaceRef: 'acme' },
  { ...base, provider: 'pipedrive', providerWorkspaceRef: 'acme' },
  { ...base, provider: 'pipedrive', apiKey: 'pd-key-0002', providerWorkspaceRef: 'acme', groupRef: 'bad\u0007ref' },
  { groupRef: 'acme', provider: 'pipedrive', apiKey: 'pd-key-0003', providerWorkspaceRef: 'acme' },
  { ...base, provider: 'pipedrive', apiKey: 'pd-key-0004', providerWorkspaceRef: 'has space' },
  { ...base, provider: 'pipedrive', apiKey: 'pd-key-0005', providerWorkspaceRef: 'acme', customAuth: { role: 'x' } },
  { ...base, provider: 'pipedrive', apiKey: 'pd-key-0006', providerWorkspaceRef: 'acme', unknownField: 1 },
  { ...base, provider: 'freshdesk', apiKey: 'fd-key-0001' },
  { ...base, provider: 'freshdesk', basicAuth: { username: 'u', password: 'p' }, providerWorkspaceRef: 'acme' },
  { ...base, provider: 'snowflake', customAuth: { account: 'a', username: 'u', password: 'p', role: 'r', warehouse: 'w' } },
  { ...base, provider: 'snowflake', customAuth: { account: 'a', username: 'u' } },
  { ...base, provider: 'snowflake', customAuth: { account: 'a', username: 'u', password: 'p', role: 'r', warehouse: 'w', extra: 'x' }, groupName: 7 },
  { ...base, provider: 'nope', apiKey: 'k-0001' },
  { ...base, apiKey: 'k-0002' },
];

function rowsOf(list: Array<Record<string, unknown>>): InputRow[] {
  return list.map((body, index) => ({ line: index + 1, body: structuredClone(body) }));
}

describe('checkRow', () => {
  it('says the same of every row whether its provider was read before or not', async () => {
    for (const [index, body] of bodies.entries()) {
      const fresh = await checkRow(rowsOf([body])[0]!, noDefaults, lookUpOf());
      // The same row again, after every provider of the catalogue has been read.
      const warm = lookUpOf();
      for (const name of Object.keys(catalogue)) await warm(name);
      const again = await checkRow(rowsOf([body])[0]!, noDefaults, warm);
      expect(again, `row ${index + 1}: ${JSON.stringify(body)}`).toEqual(fresh);
    }
  });

  it('a row wrong whatever its provider asks nothing of the catalogue', async () => {
    const lookUp = lookUpOf();
    const checked = await checkRow({ line: 1, body: { groupRef: 'acme', provider: 'zendesk', apiKey: 'k' } }, noDefaults, lookUp);
    expect(checked.ok).toBe(false);
    expect(lookUp.asked).toEqual([]);
  });

  it('a password input given by --custom is refused, whether the provider was read before or not', async () => {
    const defaults: RowDefaults = { body: { customAuth: { password: 'from-argv' } }, inlineCustomKeys: new Set(['password']) };
    const body = { ...base, provider: 'snowflake', customAuth: { account: 'a', username: 'u', role: 'r', warehouse: 'w' } };
    const fresh = await checkRow({ line: 1, body: structuredClone(body) }, defaults, lookUpOf());
    const warm = lookUpOf();
    await warm('snowflake');
    const again = await checkRow({ line: 1, body: structuredClone(body) }, defaults, warm);
    expect(fresh.ok).toBe(false);
    expect(again).toEqual(fresh);
  });
});
