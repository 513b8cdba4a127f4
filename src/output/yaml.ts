import { Document, Scalar, type ScalarTag, visit } from 'yaml';
import { escapedInYaml, needsYamlEscapes } from './outside-text.js';

/**
 * YAML for -o yaml (the yaml package), loaded only when asked for, that a
 * YAML 1.1 reader (PyYAML, Ruby, older Go and Java libraries) and a YAML 1.2
 * one both read back as the same data. A string is written plain only when
 * neither would take it for something else (a boolean such as `on` or `y`, a
 * number such as `0x10`, `0777` or `1_000`, a date, null, `<<`, `=`);
 * otherwise it is quoted. A string holding a control, bidi or invisible
 * character is written double-quoted, the one YAML style with escapes, and the
 * character as one. Numbers are written as both read them.
 */
export function toYaml(data: unknown): string {
  const document = new Document(data, { customTags: (tags) => [exponentFloat, ...tags] });
  visit(document, {
    Scalar(_key, node) {
      if (typeof node.value === 'string') node.type = styleOf(node.value);
    },
  });
  return escapedInYaml(document.toString());
}

/**
 * A number JSON writes with an exponent and no point (1e+21, 1e-7) is a string
 * to a YAML 1.1 reader, whose floats need a point: it is written with one (1.0e+21).
 */
const exponentFloat: ScalarTag = {
  tag: 'tag:yaml.org,2002:float',
  default: true,
  identify: (value) => typeof value === 'number' && /^-?\d+e[-+]\d+$/.test(String(value)),
  test: /^[-+]?\d+\.\d*e[-+]\d+$/,
  resolve: (text) => Number(text),
  stringify: ({ value }) => String(value).replace('e', '.0e'),
};

function styleOf(text: string): Scalar.Type | undefined {
  if (needsYamlEscapes(text)) return Scalar.QUOTE_DOUBLE;
  if (readsAsItself(text)) return undefined;
  // A block scalar is a string in every schema; the yaml package quotes one where a block cannot go (a key).
  return text.includes('\n') ? Scalar.BLOCK_LITERAL : Scalar.QUOTE_DOUBLE;
}

/**
 * Opens with a letter (every number, date, null, `~`, `<<`, `=` and YAML
 * indicator opens with something else), holds only letters, marks, digits,
 * spaces and punctuation that starts no comment or collection, has no `: ` and
 * does not end in a space or `:`, and is none of the words YAML 1.1 reads as a
 * boolean or null.
 */
function readsAsItself(text: string): boolean {
  return plainText.test(text) && !/:( |$)| $/.test(text) && !boolOrNull.test(text);
}

const plainText = /^\p{L}[\p{L}\p{M}\p{N} _.,;:/@+()'-]*$/u;
const boolOrNull = /^(?:y|n|yes|no|true|false|on|off|null)$/i;
