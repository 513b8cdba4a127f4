import { UsageError } from '../errors.js';
import { maxDepth, tooDeep } from '../nesting.js';

/**
 * One `KEY=VALUE` from a repeatable flag. `KEY:=JSON` gives a structured value;
 * `KEY=@PATH` names a file to read (and `KEY=-` stdin) where the flag allows it,
 * and with both, `KEY:=@PATH` (or `KEY:=-`) a JSON document to read.
 */
export type Assignment =
  | { key: string; kind: 'text'; value: string }
  | { key: string; kind: 'json'; value: unknown }
  | { key: string; kind: 'file'; path: string }
  | { key: string; kind: 'json-file'; path: string };

export interface AssignmentRules {
  /** Accept `KEY:=JSON`. */
  json?: boolean;
  /** Accept `KEY=@PATH` and `KEY=-`. */
  files?: boolean;
}

const keyPattern = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export function parseAssignment(text: string, flag: string, rules: AssignmentRules = {}): Assignment {
  const match = /^([^=:]*)(:=|=)([\s\S]*)$/.exec(text);
  if (!match) throw new UsageError(`${flag} "${text}": expected KEY=VALUE${rules.json ? ' or KEY:=JSON' : ''}.`);
  const [, key = '', operator, value = ''] = match;
  if (!keyPattern.test(key)) {
    throw new UsageError(`${flag}: "${key}" is not a valid key.`, 'A key starts with a letter or _, then letters, digits, _, . or -.');
  }
  if (operator === ':=') {
    if (!rules.json) throw new UsageError(`${flag} ${key}: KEY:=JSON is not accepted here; use KEY=VALUE.`);
    if (rules.files && value === '-') return { key, kind: 'json-file', path: '-' };
    if (rules.files && value.startsWith('@')) return { key, kind: 'json-file', path: value.slice(1) };
    return { key, kind: 'json', value: parseJsonValue(value, `${flag} ${key}`) };
  }
  if (rules.files && value === '-') return { key, kind: 'file', path: '-' };
  if (rules.files && value.startsWith('@')) return { key, kind: 'file', path: value.slice(1) };
  return { key, kind: 'text', value };
}

function parseJsonValue(text: string, where: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${where}: the value after := is not valid JSON.`, `For example: ${where.split(' ')[0]} scopes:='["read","write"]'`);
  }
  if (tooDeep(text)) throw new UsageError(`${where}: the value after := is nested too deeply (more than ${maxDepth} levels of arrays and objects).`);
  return value;
}
