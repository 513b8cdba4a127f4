/**
 * Checks one row of a bulk import the way `connections generate` checks one
 * request: the flags' defaults filled in, then buildConnectionRequest against
 * the row's provider (each provider read from the catalogue once). Both passes
 * of an import run it, so a row is sent exactly as it was checked.
 */
import { Secret } from '../../config/secret.js';
import type { Provider } from '../../api/schemas.js';
import type { ProviderLookup } from '../providers.js';
import { buildConnectionRequest, type ConnectionRequestBody, isRecord, pruneEmpty, secretFields } from '../request.js';
import type { InputRow } from './rows.js';

/** Who a row is for: what the results file records, and what --resume compares. */
export interface RowIdentity {
  provider?: string;
  groupRef?: string;
  consumerRef?: string;
}

export type CheckedRow =
  | { line: number; ok: true; body: ConnectionRequestBody; identity: RowIdentity }
  | { line: number; ok: false; problems: string[]; identity: RowIdentity };

/** What the flags give every row: body fields, and the custom inputs typed on the command line. */
export interface RowDefaults {
  body: Record<string, unknown>;
  /** customAuth keys given as --custom KEY=VALUE: a password input must not come from argv. */
  inlineCustomKeys: ReadonlySet<string>;
}

export async function checkRow(row: InputRow, defaults: RowDefaults, lookUp: ProviderLookup): Promise<CheckedRow> {
  if ('error' in row) return { line: row.line, ok: false, problems: [row.error], identity: {} };
  const merged = withDefaults(pruneEmpty(row.body) ?? {}, defaults.body);
  const name = typeof merged.provider === 'string' && merged.provider.trim() !== '' ? merged.provider : undefined;
  // A provider read already: one check against it. When that finds nothing, the check without it
  // (which checks less) finds nothing either; when it finds something, the two steps below say what.
  const known = name === undefined ? undefined : lookUp.known(name);
  if (known) {
    const checked = checkedAgainst(row, merged, name, known, defaults);
    if (checked.ok) return checked;
  }
  // A row that is wrong whatever its provider is reported as it is: nothing is asked of the service for it.
  const shape = buildConnectionRequest(merged);
  if (shape.problems.length > 0) return { line: row.line, ok: false, problems: shape.problems.map((problem) => problem.detail), identity: identityOf(shape.body, merged) };
  return checkedAgainst(row, merged, name, name === undefined ? undefined : await lookUp(name), defaults);
}

/** The row checked against the provider it names (`name`; undefined when none), read from the catalogue (undefined: not in it). */
function checkedAgainst(row: Extract<InputRow, { body: unknown }>, merged: Record<string, unknown>, name: string | undefined, provider: Provider | undefined, defaults: RowDefaults): CheckedRow {
  const built = buildConnectionRequest(merged, provider);
  const identity = identityOf(built.body, merged);
  const problems = built.problems.map((problem) => problem.detail);
  if (name !== undefined && !provider) {
    // The name is the row's own text, never quoted (see rows.ts).
    problems.unshift('the provider is not in the catalogue (names are case-sensitive; see: ipctl providers get NAME).');
  }
  if (provider) {
    const secrets = secretFields(provider);
    for (const key of defaults.inlineCustomKeys) {
      if (secrets.has(`customAuth.${key}`) && !(isRecord(row.body.customAuth) && key in row.body.customAuth)) {
        problems.push(`customAuth.${key} is a password input of ${provider.name ?? name}, so --custom ${key}=VALUE cannot give it (it would stay in shell history); put it in the file.`);
      }
    }
  }
  if (problems.length > 0) return { line: row.line, ok: false, problems, identity };
  return { line: row.line, ok: true, body: built.body, identity };
}

/** The row's values win; the flags fill what it leaves out, key by key inside providerMetadata and customAuth. */
function withDefaults(row: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...row };
  for (const [key, value] of Object.entries(defaults)) {
    const own = merged[key];
    if (own === undefined) merged[key] = value;
    else if (isRecord(own) && isRecord(value)) merged[key] = { ...value, ...own };
  }
  return merged;
}

function identityOf(body: ConnectionRequestBody, merged: Record<string, unknown>): RowIdentity {
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length <= 256 ? value : undefined);
  const identity: RowIdentity = {};
  const provider = body.provider ?? text(merged.provider);
  const groupRef = body.groupRef ?? text(merged.groupRef);
  const consumerRef = body.consumerRef ?? text(merged.consumerRef);
  if (provider !== undefined) identity.provider = provider;
  if (groupRef !== undefined) identity.groupRef = groupRef;
  if (consumerRef !== undefined) identity.consumerRef = consumerRef;
  return identity;
}

/** Every secret value in a body, so that nothing the server says about the row can repeat one. */
export function secretValues(body: ConnectionRequestBody): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (value instanceof Secret) found.push(value.reveal());
    else if (Array.isArray(value)) value.forEach(visit);
    else if (isRecord(value)) Object.values(value).forEach(visit);
  };
  visit(body);
  return found.filter((value) => value.length >= 4);
}
