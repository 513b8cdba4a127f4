/**
 * How a person supplies each field of a connections:generate body: the flag,
 * and for secrets the file, stdin and environment forms. Used to turn a
 * problem about a body field into advice about the command line.
 */
import type { ConnectionProblem } from './request.js';

/** Environment variables that hold a connection's secrets (never argv). */
export const connectionEnv = {
  apiKey: 'IPCTL_CONNECTION_API_KEY',
  password: 'IPCTL_CONNECTION_PASSWORD',
  refreshToken: 'IPCTL_CONNECTION_REFRESH_TOKEN',
  accessToken: 'IPCTL_CONNECTION_ACCESS_TOKEN',
  customPrefix: 'IPCTL_CONNECTION_CUSTOM_',
} as const;

/** `privateKey` → IPCTL_CONNECTION_CUSTOM_PRIVATE_KEY. */
function customEnvName(key: string): string {
  return connectionEnv.customPrefix + key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();
}

/** The environment variable for a secret body field, if it has one. */
export function envNameFor(field: string): string | undefined {
  switch (field) {
    case 'apiKey':
      return connectionEnv.apiKey;
    case 'basicAuth.password':
      return connectionEnv.password;
    case 'oauth2AuthorizationCode.refreshToken':
      return connectionEnv.refreshToken;
    case 'oauth2AuthorizationCode.accessToken':
      return connectionEnv.accessToken;
    default:
      return field.startsWith('customAuth.') ? customEnvName(field.slice('customAuth.'.length)) : undefined;
  }
}

const fixedFlags: Record<string, string> = {
  provider: '--provider NAME',
  groupRef: '--group-ref REF',
  groupName: '--group-name NAME',
  consumerRef: '--consumer-ref REF',
  consumerName: '--consumer-name NAME',
  providerWorkspaceRef: '--workspace NAME',
  apiKey: '--api-key-file PATH (- for stdin)',
  'basicAuth.username': '--username NAME',
  'basicAuth.password': '--password-file PATH (- for stdin)',
  'oauth2AuthorizationCode.refreshToken': '--refresh-token-file PATH (- for stdin)',
  'oauth2AuthorizationCode.accessToken': '--access-token-file PATH (- for stdin)',
  'oauth2AuthorizationCode.scopes': '--scopes a,b,c',
};

/** "--api-key-file PATH (- for stdin) or IPCTL_CONNECTION_API_KEY", for a body field. */
export function howToSupply(field: string, secret: boolean): string | undefined {
  const base = field.replace(/\.(token|issuedAt|expiresAt)$/, '');
  const fixed = fixedFlags[base];
  const env = secret ? envNameFor(base) : undefined;
  if (fixed) return env ? `${fixed} or ${env}` : fixed;
  if (base.startsWith('providerMetadata.')) return `--metadata ${base.slice('providerMetadata.'.length).replace(/\.(value|source|displayName)$/, '')}=VALUE`;
  if (base.startsWith('customAuth.')) {
    const key = base.slice('customAuth.'.length);
    return secret ? `--custom ${key}=@PATH, --custom ${key}=- (stdin) or ${env}` : `--custom ${key}=VALUE`;
  }
  return undefined;
}

/** The flags that put a credential field into the body, for "does not apply" advice. */
const credentialFlags: Record<string, string> = {
  apiKey: '--api-key-file',
  basicAuth: '--username and --password-file',
  customAuth: '--custom',
  oauth2AuthorizationCode: '--scopes, --refresh-token-file and --access-token-file',
};

/** One line for a problem: what is wrong, then how to fix it on the command line. */
export function problemLine(problem: ConnectionProblem, secrets: Set<string>, usedInputJson: boolean): string {
  const supply = howToSupply(problem.field, secrets.has(problem.field.replace(/\.token$/, '')));
  const fromFile = usedInputJson ? ' (or fix it in the --input-json file)' : '';
  switch (problem.code) {
    case 'missing':
      return supply ? `${problem.detail} Give ${supply}${usedInputJson ? ', or set it in the --input-json file' : ''}.` : problem.detail;
    case 'invalid':
      return supply ? `${problem.detail} Set with ${supply}${fromFile}.` : problem.detail;
    case 'not-applicable': {
      const flags = credentialFlags[problem.field];
      return flags ? `${problem.detail} Leave out ${flags}${usedInputJson ? ` (and ${problem.field} in the --input-json file)` : ''}.` : problem.detail;
    }
    default:
      return problem.detail;
  }
}
