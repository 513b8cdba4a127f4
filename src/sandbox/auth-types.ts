// What a provider's authType (2.5) means for a connection, as one table: the
// body field of connections:generate that carries the credential, and the
// authScheme (2.3) the connection gets.
import type { AuthScheme, Provider, ProviderAuthType } from './types.js';

/** The body fields that carry a credential, in the order the body lists them. */
export const credentialFields = ['apiKey', 'basicAuth', 'customAuth', 'oauth2AuthorizationCode'] as const;
export type CredentialField = (typeof credentialFields)[number];

/** A value fixed by the authType, or one that also depends on the provider's options. */
type PerProvider<Value> = Value | ((provider: Provider) => Value);

interface AuthTypeRule {
  /** Absent: the connection carries no credential. */
  credential?: PerProvider<CredentialField>;
  scheme: PerProvider<AuthScheme>;
}

// The spec's authScheme values name OAuth grants, not the JWT or custom auth
// types, so those take the scheme that works the same way.
const authTypeRules: Record<ProviderAuthType, AuthTypeRule> = {
  none: { scheme: 'none' },
  apiKey: { credential: 'apiKey', scheme: 'apiKey' },
  // apiKeyAsBasic: the provider takes an API key and sends it as Basic credentials.
  basic: { credential: (provider) => (provider.basicOpts?.apiKeyAsBasic ? 'apiKey' : 'basicAuth'), scheme: 'basic' },
  oauth2: { credential: 'oauth2AuthorizationCode', scheme: (provider) => oauth2Schemes.get(provider.oauth2Opts?.grantType ?? '') ?? 'oauth2/authorizationCode' },
  // A JWT grant is a server-to-server OAuth grant.
  jwt: { credential: 'customAuth', scheme: 'oauth2/clientCredentials' },
  // Custom inputs sent in an Authorization: Basic header are basic; any others act as keys.
  custom: { credential: 'customAuth', scheme: (provider) => (sendsBasicHeader(provider) ? 'basic' : 'apiKey') },
};

/** OAuth 2.0 grant types other than the authorization code, and their schemes. */
const oauth2Schemes = new Map<string, AuthScheme>([
  ['authorizationCodePKCE', 'oauth2/authorizationCodePKCE'],
  ['clientCredentials', 'oauth2/clientCredentials'],
  ['password', 'oauth2/password'],
]);

function sendsBasicHeader(provider: Provider): boolean {
  const authorization = provider.customOpts?.headers?.find((header) => header.name.toLowerCase() === 'authorization');
  return authorization !== undefined && /^\s*basic\b/i.test(authorization.valueTemplate);
}

function forProvider<Value>(value: PerProvider<Value>, provider: Provider): Value {
  return typeof value === 'function' ? (value as (provider: Provider) => Value)(provider) : value;
}

/** Which body field carries the provider's credential; undefined when it takes none. */
export function credentialField(provider: Provider): CredentialField | undefined {
  const rule = authTypeRules[provider.authType];
  return rule.credential === undefined ? undefined : forProvider(rule.credential, provider);
}

export function authSchemeFor(provider: Provider): AuthScheme {
  return forProvider(authTypeRules[provider.authType].scheme, provider);
}
