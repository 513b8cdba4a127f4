import { Document, visit } from 'yaml';
import { escapedInDocument, needsEscapes } from './outside-text.js';

/**
 * YAML for -o yaml (the yaml package), loaded only when asked for. A string
 * holding a control or bidi character is written double-quoted, the one YAML
 * style with escapes, and the character as one.
 */
export function toYaml(data: unknown): string {
  const document = new Document(data);
  visit(document, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && needsEscapes(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return escapedInDocument(document.toString());
}
