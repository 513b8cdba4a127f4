// The sandbox's provider catalogue: one provider per auth type at least, with
// enough variety (workspace templates, query vs. header keys, select inputs,
// descriptors with and without defaults) for the CLI's renderers and prompts.
import type { BatchWriteOperationSupport, CustomInput, InputDescriptor, ModuleSupport, Provider, ProviderSupport } from './types.js';

const MEDIA_HOST = 'https://static.sandbox.ipctl.dev/providers';

function mediaFor(name: string): NonNullable<Provider['media']> {
  return {
    regular: { iconURL: `${MEDIA_HOST}/${name}/icon.svg`, logoURL: `${MEDIA_HOST}/${name}/logo.svg` },
    darkMode: {
      iconURL: `${MEDIA_HOST}/${name}/icon-dark.svg`,
      logoURL: `${MEDIA_HOST}/${name}/logo-dark.svg`,
    },
  };
}

const NO_BATCH: BatchWriteOperationSupport = { supported: false };

/** `Authorization: Bearer <credential>`, the header several providers take their token or key in. */
const BEARER_HEADER = { name: 'Authorization', valuePrefix: 'Bearer ' };

/** Batch writes of up to `defaultRecordLimit` records, lower for the objects in `objectRecordLimits`. */
function batch(defaultRecordLimit: number, objectRecordLimits: Record<string, number> = {}): BatchWriteOperationSupport {
  return { supported: true, defaultRecordLimit, objectRecordLimits };
}

/** What a provider can do; 'search' means search with the equals operator. */
type Capability = 'proxy' | 'read' | 'subscribe' | 'write' | 'delete' | 'search';

/** A support matrix with `capabilities` on and everything else off, unless `details` says more. */
function supporting(capabilities: Capability[], details: Partial<Pick<ProviderSupport, 'bulkWrite' | 'subscribeSupport' | 'batchWrite'>> = {}): ProviderSupport {
  const on = (capability: Capability) => capabilities.includes(capability);
  return {
    proxy: on('proxy'),
    read: on('read'),
    subscribe: on('subscribe'),
    write: on('write'),
    delete: on('delete'),
    bulkWrite: details.bulkWrite ?? { insert: false, update: false, upsert: false, delete: false },
    search: { operators: { equals: on('search') } },
    subscribeSupport: details.subscribeSupport ?? { create: false, update: false, delete: false, passThrough: false },
    batchWrite: details.batchWrite ?? { delete: NO_BATCH, create: NO_BATCH, update: NO_BATCH, upsert: NO_BATCH },
  };
}

function healthCheck(url: string, method = 'GET', successStatusCodes = [200]): NonNullable<Provider['authHealthCheck']> {
  return { url, method, successStatusCodes };
}

/** A module as a catalogue entry lists it: its name, and its own support when it does less than the provider. */
interface ModuleEntry {
  name: string;
  displayName: string;
  baseURL: string;
  support?: ProviderSupport;
}

function providerModule(name: string, displayName: string, baseURL: string, support?: ProviderSupport): ModuleEntry {
  return { name, displayName, baseURL, ...(support ? { support } : {}) };
}

/** A module's support has the provider's shape without subscribeSupport and batchWrite. */
function moduleSupport(support: ProviderSupport): ModuleSupport {
  const { bulkWrite, proxy, read, subscribe, write, search } = support;
  return { bulkWrite: { ...bulkWrite }, proxy, read, subscribe, write, delete: support.delete, search: { operators: { ...search.operators } } };
}

/** How the catalogue lists a provider: who it is, how it authenticates, and its labels. */
interface ProviderIdentity {
  name: string;
  displayName: string;
  authType: Provider['authType'];
  category: string;
  releaseStage: string;
}

/** The rest of an entry, with its modules as a list: the first is the default module. */
type ProviderDetails = Omit<Provider, keyof ProviderIdentity | 'defaultModule' | 'media' | 'labels' | 'modules'> & {
  modules: [ModuleEntry, ...ModuleEntry[]];
};

/** A catalogue entry; its media are derived from its name. */
function provider(identity: ProviderIdentity, details: ProviderDetails): Provider {
  const { name, displayName, authType, category, releaseStage } = identity;
  const { baseURL, modules, support, oauth2Opts, apiKeyOpts, basicOpts, customOpts } = details;
  const { authHealthCheck, postAuthInfoNeeded, subscribeRequirements, metadata, providerAppMetadata } = details;
  // Spelled out to keep the order in which the sandbox has always served the fields.
  const entry: Provider = {
    name,
    displayName,
    authType,
    baseURL,
    defaultModule: modules[0].name,
    support,
    oauth2Opts,
    apiKeyOpts,
    basicOpts,
    customOpts,
    authHealthCheck,
    postAuthInfoNeeded,
    media: mediaFor(name),
    labels: { category, releaseStage },
    subscribeRequirements,
    modules: Object.fromEntries(
      modules.map((module) => [module.name, { displayName: module.displayName, baseURL: module.baseURL, support: moduleSupport(module.support ?? support) }]),
    ),
    metadata,
    providerAppMetadata,
  };
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)) as Provider;
}

/** A custom input chosen from `options`, given as value → label. */
function choice(name: string, displayName: string, prompt: string, options: Record<string, string>): CustomInput {
  return { name, displayName, prompt, options: Object.entries(options).map(([value, label]) => ({ value, label })) };
}

/** The metadata input that fills `{{.workspace}}` in the provider's URLs. */
function workspace(displayName: string, prompt: string, more: Pick<InputDescriptor, 'docsURL' | 'defaultValue'> = {}): InputDescriptor {
  return { name: 'workspace', displayName, prompt, ...more };
}

const salesforce = provider({ name: 'salesforce', displayName: 'Salesforce', authType: 'oauth2', category: 'crm', releaseStage: 'ga' }, {
  baseURL: 'https://{{.workspace}}.my.salesforce.com',
  support: supporting(['proxy', 'read', 'subscribe', 'write', 'delete', 'search'], {
    bulkWrite: { insert: true, update: true, upsert: true, delete: true },
    subscribeSupport: { create: true, update: true, delete: true, passThrough: false },
    batchWrite: {
      create: batch(200, { Account: 200, Contact: 200 }),
      update: batch(200, { Account: 200, Contact: 200 }),
      upsert: batch(200, { Opportunity: 100 }),
      delete: batch(200),
    },
  }),
  oauth2Opts: {
    grantType: 'authorizationCode',
    authURL: 'https://{{.workspace}}.my.salesforce.com/services/oauth2/authorize',
    tokenURL: 'https://{{.workspace}}.my.salesforce.com/services/oauth2/token',
    docsURL: 'https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_web_server_flow.htm',
    explicitScopesRequired: true,
    explicitWorkspaceRequired: true,
    tokenMetadataFields: {
      workspaceRefField: 'instance_url',
      consumerRefField: 'id',
      scopesField: 'scope',
      otherFields: [
        {
          name: 'organizationId',
          displayName: 'Organization ID',
          path: 'id',
          capture: '^https://login\\.salesforce\\.com/id/([^/]+)/[^/]+$',
        },
      ],
    },
    scopeMappings: { offline: 'refresh_token', api: 'api', identity: 'openid' },
    authURLParams: { prompt: 'consent' },
    accessTokenOpts: {
      attachmentType: 'accessTokenHeaderAttachment',
      header: BEARER_HEADER,
      docsURL: 'https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/intro_oauth_and_connected_apps.htm',
    },
    keepAliveIntervalHours: 720,
  },
  authHealthCheck: healthCheck('https://{{.workspace}}.my.salesforce.com/services/oauth2/userinfo'),
  postAuthInfoNeeded: true,
  subscribeRequirements: { registration: true, maintenance: false, postProcess: false, subscribeByAPI: true },
  modules: [
    providerModule('crm', 'CRM', 'https://{{.workspace}}.my.salesforce.com/services/data/v60.0'),
    providerModule('pardot', 'Account Engagement (Pardot)', 'https://pi.pardot.com/api/v5', supporting(['proxy', 'read', 'write'])),
  ],
  metadata: {
    input: [
      workspace('My Domain', 'The subdomain of your Salesforce My Domain, e.g. "acme" for acme.my.salesforce.com', {
        docsURL: 'https://help.salesforce.com/s/articleView?id=sf.domain_name_overview.htm',
      }),
    ],
    postAuthentication: [{ name: 'instanceUrl', moduleDependencies: { crm: {} } }],
  },
  providerAppMetadata: {
    authQueryParams: [
      {
        name: 'prompt',
        displayName: 'Prompt behaviour',
        prompt: 'Space-separated values sent as the prompt parameter of the authorization request',
        defaultValue: 'login consent',
      },
    ],
    providerParams: [
      { name: 'apiVersion', displayName: 'REST API version', defaultValue: 'v60.0' },
      {
        name: 'loginDomain',
        displayName: 'Login domain',
        prompt: 'Use test.salesforce.com for sandboxes',
        docsURL: 'https://help.salesforce.com/s/articleView?id=sf.remoteaccess_authenticate.htm',
      },
    ],
  },
});

const hubspot = provider({ name: 'hubspot', displayName: 'HubSpot', authType: 'oauth2', category: 'marketing', releaseStage: 'ga' }, {
  baseURL: 'https://api.hubapi.com',
  support: supporting(['proxy', 'read', 'subscribe', 'write', 'search'], {
    subscribeSupport: { create: true, update: true, delete: true, passThrough: true },
    batchWrite: {
      create: batch(100, { contacts: 100, companies: 100 }),
      update: batch(100),
      upsert: batch(100, { contacts: 100 }),
      delete: NO_BATCH,
    },
  }),
  oauth2Opts: {
    grantType: 'authorizationCode',
    authURL: 'https://app.hubspot.com/oauth/authorize',
    tokenURL: 'https://api.hubapi.com/oauth/v1/token',
    docsURL: 'https://developers.hubspot.com/docs/api/oauth-quickstart-guide',
    explicitScopesRequired: false,
    explicitWorkspaceRequired: false,
    tokenMetadataFields: { consumerRefField: 'user_id', scopesField: 'scopes' },
    accessTokenOpts: { attachmentType: 'accessTokenHeaderAttachment', header: BEARER_HEADER },
  },
  authHealthCheck: healthCheck('https://api.hubapi.com/account-info/v3/details'),
  postAuthInfoNeeded: false,
  subscribeRequirements: { registration: true, maintenance: true, postProcess: false, subscribeByAPI: false },
  modules: [providerModule('crm', 'CRM', 'https://api.hubapi.com/crm/v3')],
  metadata: { input: [] },
  providerAppMetadata: {
    authQueryParams: [
      {
        name: 'optional_scope',
        displayName: 'Optional scopes',
        prompt: 'Scopes the user may decline during installation',
      },
    ],
    providerParams: [],
  },
});

const pipedrive = provider({ name: 'pipedrive', displayName: 'Pipedrive', authType: 'apiKey', category: 'crm', releaseStage: 'beta' }, {
  baseURL: 'https://{{.workspace}}.pipedrive.com/api',
  support: supporting(['proxy', 'read', 'write', 'delete', 'search']),
  apiKeyOpts: { attachmentType: 'header', header: BEARER_HEADER, docsURL: 'https://pipedrive.readme.io/docs/how-to-find-the-api-token' },
  authHealthCheck: healthCheck('https://{{.workspace}}.pipedrive.com/api/v1/users/me'),
  modules: [providerModule('crm', 'CRM', 'https://{{.workspace}}.pipedrive.com/api/v1')],
  metadata: { input: [workspace('Company domain', 'The part before .pipedrive.com in your Pipedrive address')] },
});

const openweather = provider({ name: 'openweather', displayName: 'OpenWeather', authType: 'apiKey', category: 'data', releaseStage: 'ga' }, {
  baseURL: 'https://api.openweathermap.org',
  support: supporting(['proxy']),
  apiKeyOpts: { attachmentType: 'query', query: { name: 'appid' }, docsURL: 'https://openweathermap.org/appid' },
  modules: [providerModule('data', 'Current weather and forecasts', 'https://api.openweathermap.org/data/2.5')],
  metadata: {
    input: [
      { name: 'units', displayName: 'Units', prompt: 'standard, metric or imperial', defaultValue: 'metric' },
      { name: 'lang', displayName: 'Language', defaultValue: 'en' },
    ],
  },
});

const freshdesk = provider({ name: 'freshdesk', displayName: 'Freshdesk', authType: 'basic', category: 'helpdesk', releaseStage: 'ga' }, {
  baseURL: 'https://{{.workspace}}.freshdesk.com',
  support: supporting(['proxy', 'read', 'write', 'search']),
  basicOpts: {
    apiKeyAsBasic: true,
    // Freshdesk takes the API key as the username and ignores the password.
    apiKeyAsBasicOpts: { fieldUsed: 'username', keyFormat: '%s' },
    docsURL: 'https://developers.freshdesk.com/api/#authentication',
  },
  authHealthCheck: healthCheck('https://{{.workspace}}.freshdesk.com/api/v2/agents/me'),
  modules: [providerModule('helpdesk', 'Helpdesk', 'https://{{.workspace}}.freshdesk.com/api/v2')],
  metadata: { input: [workspace('Helpdesk subdomain', 'e.g. "acme" for acme.freshdesk.com')] },
});

const zendesk = provider({ name: 'zendesk', displayName: 'Zendesk Support', authType: 'basic', category: 'helpdesk', releaseStage: 'ga' }, {
  baseURL: 'https://{{.workspace}}.zendesk.com',
  support: supporting(['proxy', 'read', 'subscribe', 'write', 'delete', 'search'], {
    subscribeSupport: { create: true, update: true, delete: false, passThrough: false },
    batchWrite: {
      create: batch(100, { tickets: 100, users: 100 }),
      update: batch(100, { tickets: 100 }),
      upsert: NO_BATCH,
      delete: batch(100),
    },
  }),
  basicOpts: { apiKeyAsBasic: false, docsURL: 'https://developer.zendesk.com/api-reference/introduction/security-and-auth/' },
  authHealthCheck: healthCheck('https://{{.workspace}}.zendesk.com/api/v2/users/me'),
  subscribeRequirements: { registration: false, maintenance: false, postProcess: true, subscribeByAPI: true },
  modules: [providerModule('ticketing', 'Ticketing', 'https://{{.workspace}}.zendesk.com/api/v2')],
  metadata: { input: [workspace('Zendesk subdomain', 'e.g. "acme" for acme.zendesk.com')] },
});

const snowflake = provider({ name: 'snowflake', displayName: 'Snowflake', authType: 'custom', category: 'warehouse', releaseStage: 'beta' }, {
  baseURL: 'https://{{.account}}.snowflakecomputing.com',
  support: supporting(['proxy', 'read', 'write', 'search'], {
    bulkWrite: { insert: true, update: true, upsert: true, delete: false },
    batchWrite: { create: batch(1000), update: batch(1000), upsert: batch(1000), delete: NO_BATCH },
  }),
  customOpts: {
    inputs: [
      {
        name: 'account',
        displayName: 'Account identifier',
        prompt: 'orgname-accountname, as shown in Snowsight under Admin → Accounts',
        docsURL: 'https://docs.snowflake.com/en/user-guide/admin-account-identifier',
      },
      { name: 'username', displayName: 'Username' },
      { name: 'password', displayName: 'Password', fieldType: 'fieldTypePassword' },
      choice('role', 'Role', 'The role the connection runs queries as', {
        SYSADMIN: 'System administrator',
        ANALYST: 'Analyst (read only)',
        LOADER: 'Loader (read and write)',
      }),
      { name: 'warehouse', displayName: 'Warehouse', prompt: 'e.g. COMPUTE_WH' },
    ],
    headers: [
      { name: 'Authorization', valueTemplate: 'Basic {{ printf "%s:%s" .username .password | b64enc }}' },
      { name: 'X-Snowflake-Role', valueTemplate: '{{ .role }}' },
    ],
    queryParams: [{ name: 'warehouse', valueTemplate: '{{ .warehouse }}' }],
    multiStep: false,
  },
  authHealthCheck: healthCheck('https://{{.account}}.snowflakecomputing.com/api/v2/statements', 'POST', [200, 202]),
  modules: [providerModule('sql', 'SQL API', 'https://{{.account}}.snowflakecomputing.com/api/v2')],
  metadata: {
    input: [
      { name: 'database', displayName: 'Database', defaultValue: 'ANALYTICS' },
      { name: 'schema', displayName: 'Schema', defaultValue: 'PUBLIC' },
    ],
  },
});

const publicHolidays = provider({ name: 'public-holidays', displayName: 'Public Holidays', authType: 'none', category: 'data', releaseStage: 'ga' }, {
  baseURL: 'https://date.nager.at',
  support: supporting(['proxy', 'read']),
  authHealthCheck: healthCheck('https://date.nager.at/api/v3/Version'),
  modules: [providerModule('api', 'Nager.Date API', 'https://date.nager.at/api/v3')],
  metadata: {
    input: [{ name: 'countryCode', displayName: 'Country', prompt: 'ISO 3166-1 alpha-2 code', defaultValue: 'US' }],
  },
});

const docusignJwt = provider({ name: 'docusign-jwt', displayName: 'DocuSign (JWT grant)', authType: 'jwt', category: 'esignature', releaseStage: 'alpha' }, {
  baseURL: 'https://{{.workspace}}.docusign.net/restapi',
  support: supporting(['proxy', 'read', 'subscribe', 'write'], {
    subscribeSupport: { create: true, update: true, delete: false, passThrough: true },
  }),
  // The JWT grant (RFC 7523): the connection signs an assertion for one DocuSign
  // user with an app's RSA key and trades it for access tokens; no refresh token.
  customOpts: {
    inputs: [
      {
        name: 'integrationKey',
        displayName: 'Integration key',
        prompt: 'The client ID of the DocuSign app the user granted consent to',
        docsURL: 'https://developers.docusign.com/platform/auth/jwt/jwt-get-token/',
      },
      { name: 'userId', displayName: 'User ID', prompt: 'The GUID of the DocuSign user the connection acts as' },
      {
        name: 'privateKey',
        displayName: 'RSA private key',
        prompt: "The PEM private key of the app's RSA key pair",
        fieldType: 'fieldTypePassword',
        docsURL: 'https://developers.docusign.com/platform/auth/jwt/jwt-get-token/',
      },
      choice('environment', 'Environment', 'Which DocuSign authorization server issues the tokens', {
        demo: 'Developer (account-d.docusign.com)',
        production: 'Production (account.docusign.com)',
      }),
    ],
    multiStep: false,
  },
  authHealthCheck: healthCheck('https://account.docusign.com/oauth/userinfo'),
  subscribeRequirements: { registration: true, maintenance: false, postProcess: true, subscribeByAPI: false },
  modules: [providerModule('esignature', 'eSignature', 'https://{{.workspace}}.docusign.net/restapi/v2.1')],
  metadata: {
    input: [
      workspace('Base URI host', 'e.g. "na3" for na3.docusign.net', { defaultValue: 'demo' }),
      { name: 'accountId', displayName: 'API account ID', docsURL: 'https://developers.docusign.com/platform/auth/jwt/' },
    ],
    postAuthentication: [{ name: 'accountId', moduleDependencies: { esignature: {} } }],
  },
});

/** Fresh copies each call, so one sandbox's changes never reach another's. */
export function createProviderCatalogue(): Record<string, Provider> {
  const providers = [salesforce, hubspot, pipedrive, openweather, freshdesk, zendesk, snowflake, publicHolidays, docusignJwt];
  return Object.fromEntries(providers.map((entry) => [entry.name, structuredClone(entry)]));
}
