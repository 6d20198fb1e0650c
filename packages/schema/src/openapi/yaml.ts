// YAML that every loader reads the same. The `yaml` library writes YAML 1.2, where `1:1`, `yes`, `on`,
// `1_000` or `2024-09-04` are plain strings; a YAML 1.1 loader (PyYAML, SnakeYAML, older Go and Ruby
// libraries, many code generators) reads them as a sexagesimal integer, a boolean, a number or a
// date. Such strings are written quoted, which both versions read as the same string.
import { Document, parse, type Scalar, visit } from 'yaml';

/**
 * Only these can resolve to something other than a string when written plain: a number, date,
 * sexagesimal or special float starts with a digit, a sign or a dot; a boolean or null is one of a
 * few words; `~` is null and `<<` a merge key. Anything else is left to the library.
 */
const SUSPECT = /^(?:[-+.0-9~<=]|(?:y|yes|n|no|true|false|on|off|null)$)/i;

/** True when a string written plain would load as something else under YAML 1.1 or 1.2. */
function misreadAsPlain(text: string): boolean {
  if (!SUSPECT.test(text) || text.includes('\n')) return false;
  if (text === '<<') return true; // a merge key in YAML 1.1 (and with the library's merge option)
  for (const version of ['1.1', '1.2'] as const) {
    try {
      if (parse(text, { version }) !== text) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/** YAML text of a JSON value that loads deep-equal to it with a YAML 1.1 or a YAML 1.2 loader. */
export function stringifyYaml(value: unknown): string {
  const doc = new Document(value, { aliasDuplicateObjects: false });
  visit(doc, {
    Scalar(_, node: Scalar) {
      if (typeof node.value === 'string' && !node.type?.startsWith('QUOTE') && misreadAsPlain(node.value))
        node.type = node.value.includes('"') && !node.value.includes("'") ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({ lineWidth: 0 });
}
