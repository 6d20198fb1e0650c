// Every emitted YAML loads deep-equal to its JSON twin with a YAML 1.1 loader (which reads `1:1` as
// 61, `yes` as true, `2024-09-04` as a date) and with a YAML 1.2 one.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { stringifyYaml } from '../../src/openapi/yaml.js';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (path: string) => readFileSync(join(packageRoot, path), 'utf8');
const versions = ['baseline', '2024-09-04', '2024-11-08', '2024-12-04', '2025-03-06', '2025-05-07'];
const pairs: [yamlPath: string, jsonPath: string][] = [
  ['openapi/openapi.yaml', 'openapi/openapi.json'],
  ...versions.map((v): [string, string] => [`openapi/versions/${v}.yaml`, `openapi/versions/${v}.json`]),
];

describe('emitted YAML', () => {
  it.each(pairs)('%s loads as its JSON twin under YAML 1.1 and 1.2', (yamlPath, jsonPath) => {
    const expected = JSON.parse(read(jsonPath));
    for (const version of ['1.1', '1.2'] as const) expect(parse(read(yamlPath), { version }), `${yamlPath} as YAML ${version}`).toEqual(expected);
  });
});

describe('stringifyYaml', () => {
  // Each of these is a plain string in YAML 1.2 and something else in YAML 1.1 (or the reverse).
  const tricky = [
    '1:1',
    '16:9',
    '190:20:30',
    'yes',
    'No',
    'on',
    'OFF',
    'y',
    'n',
    '0o17',
    '017',
    '0x1F',
    '1_000',
    '2024-09-04',
    '2001-12-14t21:59:43.10-05:00',
    '.inf',
    '-.Inf',
    '.NaN',
    '~',
    'null',
    'true',
    '1e3',
    '+1',
    '0b101',
    '<<',
    '=',
  ];

  it('quotes the strings a YAML 1.1 or 1.2 loader would read as something else, keys included', () => {
    const value = { list: tricky, byKey: Object.fromEntries(tricky.map((t) => [t, t])), plain: 'a plain string', number: 61, flag: true, nothing: null };
    const text = stringifyYaml(value);
    for (const version of ['1.1', '1.2'] as const) expect(parse(text, { version }), `YAML ${version}`).toEqual(value);
    expect(text).toContain('plain: a plain string');
    expect(text).toContain('number: 61');
  });

  it('leaves multi-line text and ordinary strings as the library writes them', () => {
    const value = { description: 'line one\nline two: with a colon\n', name: 'JuggernautXL' };
    const text = stringifyYaml(value);
    expect(text).toContain('name: JuggernautXL');
    expect(parse(text, { version: '1.1' })).toEqual(value);
  });
});
