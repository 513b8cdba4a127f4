/**
 * `--where` for `ipctl search`: `FIELD=VALUE`, or `FIELD OP VALUE` with OP
 * `eq`, the one operator the search API uses (spec 4.6). Not parseAssignment:
 * a filter has an operator form, and its `:=`/`@file` forms mean nothing here
 * (a value of "@home" is a value to search for).
 */

export const supportedOperators = ['eq'] as const;
type Operator = (typeof supportedOperators)[number];

/** The shapes a filter takes, as help and shell completion show them. */
export const filterShape = ['FIELD=VALUE', ...supportedOperators.map((operator) => `"FIELD ${operator} VALUE"`)].join(' or ');

export interface FieldFilter {
  fieldName: string;
  operator: Operator;
  value: string;
}

export type ParsedWhere = { filter: FieldFilter } | { problem: string };

/**
 * The operator form: a first word without "=", then an operator-looking word
 * (letters, or symbols such as = or >=), then the value. Anything else with an
 * "=" is FIELD=VALUE, so `Name=Ada Okafor` and `Full Name=Ada` work as typed.
 */
const operatorForm = /^\s*([^\s=]+)\s+([A-Za-z]+|[=!<>~]+)(?:\s+([\s\S]*?))?\s*$/;

export function parseWhere(text: string): ParsedWhere {
  const shown = JSON.stringify(text);
  if (/[\u0000-\u001f\u007f]/.test(text.replace(/\t/g, ' '))) return { problem: `${shown} contains control characters.` };
  const spaced = operatorForm.exec(text);
  if (spaced) return operatorFilter(shown, spaced[1] as string, spaced[2] as string, spaced[3]);
  const equals = text.indexOf('=');
  if (equals === -1) return { problem: `${shown} is not a filter; write FIELD=VALUE or "FIELD eq VALUE".` };
  const fieldName = text.slice(0, equals).trim();
  if (fieldName === '') return { problem: `${shown} has no field name before "="; write FIELD=VALUE.` };
  return { filter: { fieldName, operator: 'eq', value: text.slice(equals + 1) } };
}

function operatorFilter(shown: string, fieldName: string, operator: string, rawValue: string | undefined): ParsedWhere {
  if (operator.toLowerCase() !== 'eq') {
    const example = rawValue ? unquote(rawValue) : 'VALUE';
    return {
      problem: `${shown}: the operator "${operator}" is not supported; the only supported operator is eq (write ${fieldName}=${example} or "${fieldName} eq ${example}").`,
    };
  }
  if (rawValue === undefined || rawValue === '') return { problem: `${shown} has no value after eq; write "${fieldName} eq VALUE".` };
  return { filter: { fieldName, operator: 'eq', value: unquote(rawValue) } };
}

/** `Name eq "Ada Okafor"`: one pair of matching quotes around the value is taken off. */
function unquote(value: string): string {
  const match = /^(["'])([\s\S]*)\1$/.exec(value);
  return match ? (match[2] as string) : value;
}

/** A way to go on from the start of a filter: the text so far and what follows, and the shape it takes. */
export interface FilterContinuation {
  text: string;
  shape: string;
}

/**
 * What may follow the start of a filter, for shell completion: after a field
 * name, "=" or an operator and a space (`email` → `email=`, `email eq `);
 * after a field and a space, the operators that start with what follows
 * (`email e` → `email eq `). Nothing before a field (field names are the
 * API's to know) nor once the value has begun (values are free text).
 */
export function filterContinuations(typed: string): FilterContinuation[] {
  const match = /^(\s*[^\s=]+)(?:(\s+)([A-Za-z]*))?$/.exec(typed);
  if (!match) return [];
  const field = match[1] as string;
  const space = match[2];
  if (space === undefined) {
    return [{ text: `${field}=`, shape: 'FIELD=VALUE' }, ...supportedOperators.map((name) => ({ text: `${field} ${name} `, shape: `FIELD ${name} VALUE` }))];
  }
  // parseWhere takes the operator in any case: what was typed of it is kept as typed.
  const started = match[3] ?? '';
  return supportedOperators
    .filter((name) => name.startsWith(started.toLowerCase()))
    .map((name) => ({ text: `${field}${space}${started}${name.slice(started.length)} `, shape: `FIELD ${name} VALUE` }));
}
