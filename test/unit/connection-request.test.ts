import { describe, expect, it } from 'vitest';
import { Secret } from '../../src/config/secret.js';
import { buildConnectionRequest, type ConnectionProblem, pruneEmpty } from '../../src/connections/request.js';
import { connectionSkeleton } from '../../src/connections/skeleton.js';
import { connectionRequirements } from '../../src/providers/requirements.js';
import { createProviderCatalogue } from '../../src/sandbox/seed-providers.js';

const catalogue = createProviderCatalogue();
const provider = (name: string) => {
  const found = catalogue[name];
  if (!found) throw new Error(`no ${name} in the seed`);
  return found;
};
const base = { groupRef: 'acme-corp', consumerRef: 'u-42' };
const fields = (problems: ConnectionProblem[]) => problems.map((problem) => `${problem.code} ${problem.field}`);

describe('buildConnectionRequest', () => {
  it('accepts a complete apiKey body and wraps the key as a Secret', () => {
    const { body, problems } = buildConnectionRequest({ ...base, provider: 'pipedrive', apiKey: 'pd-key-0123456789', providerWorkspaceRef: 'acme' }, provider('pipedrive'));
    expect(problems).toEqual([]);
    expect(body.apiKey).toBeInstanceOf(Secret);
    expect(body.apiKey?.reveal()).toBe('pd-key-0123456789');
    expect(JSON.stringify(body)).not.toContain('pd-key-0123456789');
    // The workspace metadata input and providerWorkspaceRef are one value.
    // Sent in the published contract's form: each value an object saying it was given.
    expect(body.providerMetadata).toEqual({ workspace: { value: 'acme', source: 'input' } });
  });

  it('sends each providerMetadata value as {value, source: "input"}, whether given bare or as the object', () => {
    const { body, problems } = buildConnectionRequest(
      { ...base, provider: 'snowflake', providerMetadata: { database: 'SALES', schema: { value: 'RAW', source: 'input', displayName: 'Schema' } }, customAuth: { account: 'a', username: 'u', password: 'p', role: 'LOADER', warehouse: 'w' } },
      provider('snowflake'),
    );
    expect(problems).toEqual([]);
    expect(body.providerMetadata).toEqual({ database: { value: 'SALES', source: 'input' }, schema: { value: 'RAW', source: 'input', displayName: 'Schema' } });
    const withoutSource = buildConnectionRequest({ ...base, provider: 'openweather', apiKey: 'k', providerMetadata: { units: { value: 'imperial' } } }, provider('openweather'));
    expect(withoutSource.body.providerMetadata).toEqual({ units: { value: 'imperial', source: 'input' } });
  });

  it('takes a "__proto__" key inside customAuth and providerMetadata as a key: reported as unknown, never a value that satisfies a required input', () => {
    // As JSON.parse reads a row: role is given only under "__proto__", so it is missing, and the key itself is no input of snowflake.
    const row = JSON.parse(
      '{"groupRef":"acme-corp","consumerRef":"u-42","provider":"snowflake","providerMetadata":{"database":"SALES","schema":"RAW","__proto__":"x"},"customAuth":{"account":"a","username":"u","password":"p","warehouse":"w","__proto__":{"role":"LOADER"}}}',
    ) as Record<string, unknown>;
    const { body, problems } = buildConnectionRequest(row, provider('snowflake'));
    expect(fields(problems).sort()).toEqual(['missing customAuth.role', 'unknown-field customAuth.__proto__', 'unknown-field providerMetadata.__proto__']);
    expect(Object.getPrototypeOf(body.customAuth)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(body.providerMetadata)).toBe(Object.prototype);
  });

  it('refuses a providerMetadata object without a value, with another source, with an unknown key, or of another type', () => {
    const { problems } = buildConnectionRequest(
      {
        ...base,
        provider: 'snowflake',
        providerMetadata: { database: { source: 'input' }, schema: { value: 'RAW', source: 'provider', extra: 'x' } },
        customAuth: { account: 'a', username: 'u', password: 'p', role: 'LOADER', warehouse: 'w' },
      },
      provider('snowflake'),
    );
    expect(fields(problems)).toEqual(['missing providerMetadata.database.value', 'unknown-field providerMetadata.schema.extra', 'invalid providerMetadata.schema.source']);
    const numeric = buildConnectionRequest({ ...base, provider: 'openweather', apiKey: 'k', providerMetadata: { units: 3 } }, provider('openweather'));
    expect(fields(numeric.problems)).toEqual(['invalid providerMetadata.units']);
  });

  it('fills providerWorkspaceRef from providerMetadata.workspace, and refuses the two when they differ', () => {
    const filled = buildConnectionRequest({ ...base, provider: 'zendesk', basicAuth: { username: 'u', password: 'p' }, providerMetadata: { workspace: 'acme' } }, provider('zendesk'));
    expect(filled.problems).toEqual([]);
    expect(filled.body.providerWorkspaceRef).toBe('acme');
    const differing = buildConnectionRequest(
      { ...base, provider: 'zendesk', basicAuth: { username: 'u', password: 'p' }, providerWorkspaceRef: 'a', providerMetadata: { workspace: 'b' } },
      provider('zendesk'),
    );
    expect(fields(differing.problems)).toEqual(['invalid providerWorkspaceRef']);
  });

  it('lists every missing value of each auth type at once', () => {
    const cases: Record<string, string[]> = {
      salesforce: ['missing providerWorkspaceRef', 'missing oauth2AuthorizationCode.refreshToken', 'missing oauth2AuthorizationCode.scopes'],
      hubspot: ['missing oauth2AuthorizationCode.refreshToken'],
      pipedrive: ['missing providerWorkspaceRef', 'missing apiKey'],
      openweather: ['missing apiKey'],
      freshdesk: ['missing providerWorkspaceRef', 'missing apiKey'],
      zendesk: ['missing providerWorkspaceRef', 'missing basicAuth.username', 'missing basicAuth.password'],
      snowflake: ['account', 'username', 'password', 'role', 'warehouse'].map((name) => `missing customAuth.${name}`),
      'public-holidays': [],
      'docusign-jwt': ['missing providerMetadata.accountId', ...['integrationKey', 'userId', 'privateKey', 'environment'].map((name) => `missing customAuth.${name}`)],
    };
    expect(Object.keys(cases).sort()).toEqual(Object.keys(catalogue).sort());
    for (const [name, expected] of Object.entries(cases)) {
      const { problems } = buildConnectionRequest({ ...base, provider: name }, provider(name));
      expect(fields(problems), name).toEqual(expected);
    }
  });

  it('needs provider, groupRef and consumerRef whatever the provider', () => {
    expect(fields(buildConnectionRequest({}).problems)).toEqual(['missing provider', 'missing groupRef', 'missing consumerRef']);
  });

  it('checks a select value against its options, naming them', () => {
    const { problems } = buildConnectionRequest(
      { ...base, provider: 'snowflake', customAuth: { account: 'a', username: 'u', password: 'p', role: 'ADMIN', warehouse: 'w' } },
      provider('snowflake'),
    );
    expect(problems).toEqual([{ field: 'customAuth.role', code: 'invalid', detail: 'customAuth.role must be one of SYSADMIN, ANALYST, LOADER.', value: 'ADMIN' }]);
  });

  it('refuses credentials of another kind than the provider takes, and unknown inputs, with a suggestion', () => {
    const { problems } = buildConnectionRequest(
      { ...base, provider: 'public-holidays', apiKey: 'k', customAuth: { a: 'b' }, providerMetadata: { countrycode: 'DE' } },
      provider('public-holidays'),
    );
    expect(fields(problems)).toEqual(['not-applicable apiKey', 'not-applicable customAuth', 'unknown-field providerMetadata.countrycode']);
    expect(problems[2]?.detail).toContain('did you mean countryCode?');
    const typo = buildConnectionRequest({ ...base, provider: 'snowflake', customAuth: { acount: 'x' } }, provider('snowflake'));
    expect(typo.problems.find((problem) => problem.field === 'customAuth.acount')?.detail).toContain('did you mean account?');
  });

  it('reports values of the wrong type and unknown top-level fields, never quoting a secret', () => {
    const { problems } = buildConnectionRequest(
      { ...base, provider: 'hubspot', groupRef: 7, oauth2AuthorizationCode: { scopes: 'a b', refreshToken: 'rt-CANARY-0001' }, apiKye: 'x' },
      provider('hubspot'),
    );
    expect(fields(problems)).toEqual([
      'unknown-field apiKye',
      'invalid groupRef',
      'invalid oauth2AuthorizationCode.scopes',
      'invalid oauth2AuthorizationCode.refreshToken',
    ]);
    expect(problems[0]?.detail).toContain('did you mean apiKey?');
    expect(JSON.stringify(problems)).not.toContain('rt-CANARY-0001');
  });

  it('treats empty strings, arrays and objects as not given, so a filled-in skeleton may keep blanks', () => {
    const skeleton = connectionSkeleton(provider('hubspot'));
    const filled = { ...skeleton, groupRef: 'g', consumerRef: 'c', oauth2AuthorizationCode: { refreshToken: { token: 'rt' }, accessToken: { token: '' }, scopes: [] } };
    const { body, problems } = buildConnectionRequest(filled, provider('hubspot'));
    expect(problems).toEqual([]);
    expect(Object.keys(body)).toEqual(['provider', 'groupRef', 'consumerRef', 'oauth2AuthorizationCode']);
    expect(body.oauth2AuthorizationCode?.refreshToken?.token.reveal()).toBe('rt');
    expect(body.oauth2AuthorizationCode?.accessToken).toBeUndefined();
  });

  it('wraps every string of a structured password input, and keeps other custom values plain', () => {
    const { body, problems } = buildConnectionRequest(
      {
        ...base,
        provider: 'docusign-jwt',
        providerMetadata: { accountId: '123' },
        customAuth: { integrationKey: new Secret('ik-from-a-file'), userId: 'u', privateKey: { pem: 'KEY-DATA', kid: 'k1' }, environment: 'demo' },
      },
      provider('docusign-jwt'),
    );
    expect(problems).toEqual([]);
    expect(body.customAuth?.integrationKey).toBe('ik-from-a-file');
    const key = body.customAuth?.privateKey as Record<string, Secret>;
    expect(key.pem).toBeInstanceOf(Secret);
    expect(key.pem?.reveal()).toBe('KEY-DATA');
  });

  it('checks token times as RFC 3339', () => {
    const { problems } = buildConnectionRequest(
      { ...base, provider: 'hubspot', oauth2AuthorizationCode: { refreshToken: { token: 'rt' }, accessToken: { token: 'at', expiresAt: 'tomorrow' } } },
      provider('hubspot'),
    );
    expect(fields(problems)).toEqual(['invalid oauth2AuthorizationCode.accessToken.expiresAt']);
  });
});

describe('pruneEmpty', () => {
  it('drops empty values at every depth and keeps a "__proto__" key from a file as a key', () => {
    // As JSON.parse reads a row: "__proto__" is an own key there, and must not become the object's prototype.
    const row = JSON.parse('{"provider":"pipedrive","groupName":"","__proto__":{"polluted":"yes","empty":[]},"customAuth":{"a":null,"b":{}}}') as Record<string, unknown>;
    const pruned = pruneEmpty(row) as Record<string, unknown>;
    expect(Object.keys(pruned)).toEqual(['provider', '__proto__']);
    expect(Object.getPrototypeOf(pruned)).toBe(Object.prototype);
    expect((pruned as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.stringify(pruned)).toBe('{"provider":"pipedrive","__proto__":{"polluted":"yes"}}');
  });

  it('a row with nothing but empty values is no row', () => {
    expect(pruneEmpty({ a: '', b: [null, ''], c: { d: {} } })).toBeUndefined();
  });
});

describe('connectionRequirements', () => {
  it('orders workspace, metadata, then credentials, as the prompts ask them', () => {
    expect(connectionRequirements(provider('docusign-jwt')).map((requirement) => requirement.field)).toEqual([
      'providerWorkspaceRef',
      'providerMetadata.accountId',
      'customAuth.integrationKey',
      'customAuth.userId',
      'customAuth.privateKey',
      'customAuth.environment',
    ]);
    const workspace = connectionRequirements(provider('docusign-jwt'))[0];
    expect(workspace).toMatchObject({ required: false, defaultValue: 'demo', kind: 'text' });
  });

  it('describes select inputs with their labels and password inputs as secrets', () => {
    const byField = Object.fromEntries(connectionRequirements(provider('snowflake')).map((requirement) => [requirement.field, requirement]));
    expect(byField['customAuth.password']?.kind).toBe('secret');
    expect(byField['customAuth.role']?.options?.[1]).toEqual({ value: 'ANALYST', label: 'Analyst (read only)' });
  });
});
