// The sandbox's provider catalogue: one provider per auth type at least, with
// enough variety (workspace templates, query vs. header keys, select inputs,
// descriptors with and without defaults) for the CLI's renderers and prompts.
import type { BatchWriteOperationSupport, Provider, ProviderSupport } from './types.js';

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

/** A support matrix with everything off; providers switch on what they have. */
function supportMatrix(overrides: Partial<ProviderSupport>): ProviderSupport {
  return {
    proxy: false,
    read: false,
    subscribe: false,
    write: false,
    delete: false,
    bulkWrite: { insert: false, update: false, upsert: false, delete: false },
    search: { operators: { equals: false } },
    subscribeSupport: { create: false, update: false, delete: false, passThrough: false },
    batchWrite: { delete: NO_BATCH, create: NO_BATCH, update: NO_BATCH, upsert: NO_BATCH },
    ...overrides,
  };
}

const salesforce: Provider = {
  name: 'salesforce',
  displayName: 'Salesforce',
  authType: 'oauth2',
  baseURL: 'https://{{.workspace}}.my.salesforce.com',
  defaultModule: 'crm',
  support: supportMatrix({
    proxy: true,
    read: true,
    subscribe: true,
    write: true,
    delete: true,
    bulkWrite: { insert: true, update: true, upsert: true, delete: true },
    search: { operators: { equals: true } },
    subscribeSupport: { create: true, update: true, delete: true, passThrough: false },
    batchWrite: {
      create: { supported: true, defaultRecordLimit: 200, objectRecordLimits: { Account: 200, Contact: 200 } },
      update: { supported: true, defaultRecordLimit: 200, objectRecordLimits: { Account: 200, Contact: 200 } },
      upsert: { supported: true, defaultRecordLimit: 200, objectRecordLimits: { Opportunity: 100 } },
      delete: { supported: true, defaultRecordLimit: 200, objectRecordLimits: {} },
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
      header: { name: 'Authorization', valuePrefix: 'Bearer ' },
      docsURL: 'https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/intro_oauth_and_connected_apps.htm',
    },
    keepAliveIntervalHours: 720,
  },
  authHealthCheck: {
    url: 'https://{{.workspace}}.my.salesforce.com/services/oauth2/userinfo',
    method: 'GET',
    successStatusCodes: [200],
  },
  postAuthInfoNeeded: true,
  media: mediaFor('salesforce'),
  labels: { category: 'crm', releaseStage: 'ga' },
  subscribeRequirements: { registration: true, maintenance: false, postProcess: false, subscribeByAPI: true },
  modules: {
    crm: {
      id: 'crm',
      label: 'CRM',
      baseURL: 'https://{{.workspace}}.my.salesforce.com/services/data/v60.0',
      version: 'v60.0',
    },
    pardot: {
      id: 'pardot',
      label: 'Account Engagement (Pardot)',
      baseURL: 'https://pi.pardot.com/api/v5',
      version: 'v5',
    },
  },
  metadata: {
    input: [
      {
        name: 'workspace',
        displayName: 'My Domain',
        prompt: 'The subdomain of your Salesforce My Domain, e.g. "acme" for acme.my.salesforce.com',
        docsURL: 'https://help.salesforce.com/s/articleView?id=sf.domain_name_overview.htm',
      },
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
};

const hubspot: Provider = {
  name: 'hubspot',
  displayName: 'HubSpot',
  authType: 'oauth2',
  baseURL: 'https://api.hubapi.com',
  defaultModule: 'crm',
  support: supportMatrix({
    proxy: true,
    read: true,
    subscribe: true,
    write: true,
    delete: false,
    bulkWrite: { insert: false, update: false, upsert: false, delete: false },
    search: { operators: { equals: true } },
    subscribeSupport: { create: true, update: true, delete: true, passThrough: true },
    batchWrite: {
      create: { supported: true, defaultRecordLimit: 100, objectRecordLimits: { contacts: 100, companies: 100 } },
      update: { supported: true, defaultRecordLimit: 100, objectRecordLimits: {} },
      upsert: { supported: true, defaultRecordLimit: 100, objectRecordLimits: { contacts: 100 } },
      delete: { supported: false },
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
    accessTokenOpts: {
      attachmentType: 'accessTokenHeaderAttachment',
      header: { name: 'Authorization', valuePrefix: 'Bearer ' },
    },
  },
  authHealthCheck: {
    url: 'https://api.hubapi.com/account-info/v3/details',
    method: 'GET',
    successStatusCodes: [200],
  },
  postAuthInfoNeeded: false,
  media: mediaFor('hubspot'),
  labels: { category: 'marketing', releaseStage: 'ga' },
  subscribeRequirements: { registration: true, maintenance: true, postProcess: false, subscribeByAPI: false },
  modules: { crm: { id: 'crm', label: 'CRM', baseURL: 'https://api.hubapi.com/crm/v3', version: 'v3' } },
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
};

const pipedrive: Provider = {
  name: 'pipedrive',
  displayName: 'Pipedrive',
  authType: 'apiKey',
  baseURL: 'https://{{.workspace}}.pipedrive.com/api',
  defaultModule: 'crm',
  support: supportMatrix({
    proxy: true,
    read: true,
    write: true,
    delete: true,
    search: { operators: { equals: true } },
  }),
  apiKeyOpts: {
    attachmentType: 'header',
    header: { name: 'Authorization', valuePrefix: 'Bearer ' },
    docsURL: 'https://pipedrive.readme.io/docs/how-to-find-the-api-token',
  },
  authHealthCheck: { url: 'https://{{.workspace}}.pipedrive.com/api/v1/users/me', method: 'GET', successStatusCodes: [200] },
  media: mediaFor('pipedrive'),
  labels: { category: 'crm', releaseStage: 'beta' },
  modules: { crm: { id: 'crm', label: 'CRM', baseURL: 'https://{{.workspace}}.pipedrive.com/api/v1', version: 'v1' } },
  metadata: {
    input: [
      {
        name: 'workspace',
        displayName: 'Company domain',
        prompt: 'The part before .pipedrive.com in your Pipedrive address',
      },
    ],
  },
};

const openweather: Provider = {
  name: 'openweather',
  displayName: 'OpenWeather',
  authType: 'apiKey',
  baseURL: 'https://api.openweathermap.org',
  defaultModule: 'data',
  support: supportMatrix({ proxy: true }),
  apiKeyOpts: {
    attachmentType: 'query',
    query: { name: 'appid' },
    docsURL: 'https://openweathermap.org/appid',
  },
  media: mediaFor('openweather'),
  labels: { category: 'data', releaseStage: 'ga' },
  modules: { data: { id: 'data', label: 'Current weather and forecasts', baseURL: 'https://api.openweathermap.org/data/2.5', version: '2.5' } },
  metadata: {
    input: [
      { name: 'units', displayName: 'Units', prompt: 'standard, metric or imperial', defaultValue: 'metric' },
      { name: 'lang', displayName: 'Language', defaultValue: 'en' },
    ],
  },
};

const freshdesk: Provider = {
  name: 'freshdesk',
  displayName: 'Freshdesk',
  authType: 'basic',
  baseURL: 'https://{{.workspace}}.freshdesk.com',
  defaultModule: 'helpdesk',
  support: supportMatrix({
    proxy: true,
    read: true,
    write: true,
    search: { operators: { equals: true } },
  }),
  basicOpts: {
    apiKeyAsBasic: true,
    // Freshdesk takes the API key as the username and ignores the password.
    apiKeyAsBasicOpts: { fieldUsed: 'username', keyFormat: '%s' },
    docsURL: 'https://developers.freshdesk.com/api/#authentication',
  },
  authHealthCheck: { url: 'https://{{.workspace}}.freshdesk.com/api/v2/agents/me', method: 'GET', successStatusCodes: [200] },
  media: mediaFor('freshdesk'),
  labels: { category: 'helpdesk', releaseStage: 'ga' },
  modules: { helpdesk: { id: 'helpdesk', label: 'Helpdesk', baseURL: 'https://{{.workspace}}.freshdesk.com/api/v2', version: 'v2' } },
  metadata: {
    input: [{ name: 'workspace', displayName: 'Helpdesk subdomain', prompt: 'e.g. "acme" for acme.freshdesk.com' }],
  },
};

const zendesk: Provider = {
  name: 'zendesk',
  displayName: 'Zendesk Support',
  authType: 'basic',
  baseURL: 'https://{{.workspace}}.zendesk.com',
  defaultModule: 'ticketing',
  support: supportMatrix({
    proxy: true,
    read: true,
    subscribe: true,
    write: true,
    delete: true,
    search: { operators: { equals: true } },
    subscribeSupport: { create: true, update: true, delete: false, passThrough: false },
    batchWrite: {
      create: { supported: true, defaultRecordLimit: 100, objectRecordLimits: { tickets: 100, users: 100 } },
      update: { supported: true, defaultRecordLimit: 100, objectRecordLimits: { tickets: 100 } },
      upsert: { supported: false },
      delete: { supported: true, defaultRecordLimit: 100, objectRecordLimits: {} },
    },
  }),
  basicOpts: {
    apiKeyAsBasic: false,
    docsURL: 'https://developer.zendesk.com/api-reference/introduction/security-and-auth/',
  },
  authHealthCheck: { url: 'https://{{.workspace}}.zendesk.com/api/v2/users/me', method: 'GET', successStatusCodes: [200] },
  media: mediaFor('zendesk'),
  labels: { category: 'helpdesk', releaseStage: 'ga' },
  subscribeRequirements: { registration: false, maintenance: false, postProcess: true, subscribeByAPI: true },
  modules: { ticketing: { id: 'ticketing', label: 'Ticketing', baseURL: 'https://{{.workspace}}.zendesk.com/api/v2', version: 'v2' } },
  metadata: {
    input: [{ name: 'workspace', displayName: 'Zendesk subdomain', prompt: 'e.g. "acme" for acme.zendesk.com' }],
  },
};

const snowflake: Provider = {
  name: 'snowflake',
  displayName: 'Snowflake',
  authType: 'custom',
  baseURL: 'https://{{.account}}.snowflakecomputing.com',
  defaultModule: 'sql',
  support: supportMatrix({
    proxy: true,
    read: true,
    write: true,
    bulkWrite: { insert: true, update: true, upsert: true, delete: false },
    search: { operators: { equals: true } },
    batchWrite: {
      create: { supported: true, defaultRecordLimit: 1000, objectRecordLimits: {} },
      update: { supported: true, defaultRecordLimit: 1000, objectRecordLimits: {} },
      upsert: { supported: true, defaultRecordLimit: 1000, objectRecordLimits: {} },
      delete: { supported: false },
    },
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
      {
        name: 'role',
        displayName: 'Role',
        prompt: 'The role the connection runs queries as',
        options: [
          { value: 'SYSADMIN', label: 'System administrator' },
          { value: 'ANALYST', label: 'Analyst (read only)' },
          { value: 'LOADER', label: 'Loader (read and write)' },
        ],
      },
      { name: 'warehouse', displayName: 'Warehouse', prompt: 'e.g. COMPUTE_WH' },
    ],
    headers: [
      { name: 'Authorization', valueTemplate: 'Basic {{ printf "%s:%s" .username .password | b64enc }}' },
      { name: 'X-Snowflake-Role', valueTemplate: '{{ .role }}' },
    ],
    queryParams: [{ name: 'warehouse', valueTemplate: '{{ .warehouse }}' }],
    multiStep: false,
  },
  authHealthCheck: { url: 'https://{{.account}}.snowflakecomputing.com/api/v2/statements', method: 'POST', successStatusCodes: [200, 202] },
  media: mediaFor('snowflake'),
  labels: { category: 'warehouse', releaseStage: 'beta' },
  modules: { sql: { id: 'sql', label: 'SQL API', baseURL: 'https://{{.account}}.snowflakecomputing.com/api/v2', version: 'v2' } },
  metadata: {
    input: [
      { name: 'database', displayName: 'Database', defaultValue: 'ANALYTICS' },
      { name: 'schema', displayName: 'Schema', defaultValue: 'PUBLIC' },
    ],
  },
};

const publicHolidays: Provider = {
  name: 'public-holidays',
  displayName: 'Public Holidays',
  authType: 'none',
  baseURL: 'https://date.nager.at',
  defaultModule: 'api',
  support: supportMatrix({ proxy: true, read: true }),
  authHealthCheck: { url: 'https://date.nager.at/api/v3/Version', method: 'GET', successStatusCodes: [200] },
  media: mediaFor('public-holidays'),
  labels: { category: 'data', releaseStage: 'ga' },
  modules: { api: { id: 'api', label: 'Nager.Date API', baseURL: 'https://date.nager.at/api/v3', version: 'v3' } },
  metadata: {
    input: [{ name: 'countryCode', displayName: 'Country', prompt: 'ISO 3166-1 alpha-2 code', defaultValue: 'US' }],
  },
};

const docusignJwt: Provider = {
  name: 'docusign-jwt',
  displayName: 'DocuSign (JWT grant)',
  authType: 'jwt',
  baseURL: 'https://{{.workspace}}.docusign.net/restapi',
  defaultModule: 'esignature',
  support: supportMatrix({
    proxy: true,
    read: true,
    subscribe: true,
    write: true,
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
      {
        name: 'environment',
        displayName: 'Environment',
        prompt: 'Which DocuSign authorization server issues the tokens',
        options: [
          { value: 'demo', label: 'Developer (account-d.docusign.com)' },
          { value: 'production', label: 'Production (account.docusign.com)' },
        ],
      },
    ],
    multiStep: false,
  },
  authHealthCheck: { url: 'https://account.docusign.com/oauth/userinfo', method: 'GET', successStatusCodes: [200] },
  media: mediaFor('docusign-jwt'),
  labels: { category: 'esignature', releaseStage: 'alpha' },
  subscribeRequirements: { registration: true, maintenance: false, postProcess: true, subscribeByAPI: false },
  modules: {
    esignature: { id: 'esignature', label: 'eSignature', baseURL: 'https://{{.workspace}}.docusign.net/restapi/v2.1', version: 'v2.1' },
  },
  metadata: {
    input: [
      { name: 'workspace', displayName: 'Base URI host', prompt: 'e.g. "na3" for na3.docusign.net', defaultValue: 'demo' },
      { name: 'accountId', displayName: 'API account ID', docsURL: 'https://developers.docusign.com/platform/auth/jwt/' },
    ],
    postAuthentication: [{ name: 'accountId', moduleDependencies: { esignature: {} } }],
  },
};

/** Fresh copies each call, so one sandbox's changes never reach another's. */
export function createProviderCatalogue(): Record<string, Provider> {
  const providers = [salesforce, hubspot, pipedrive, openweather, freshdesk, zendesk, snowflake, publicHolidays, docusignJwt];
  return Object.fromEntries(providers.map((provider) => [provider.name, structuredClone(provider)]));
}
