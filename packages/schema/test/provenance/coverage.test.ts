// Provenance is complete: every field of every component and every operation says where it comes
// from, in code and in the emitted document, and every assumption carries a testable claim.
import { describe, expect, it } from 'vitest';
import { operationList } from '../../src/operations.js';
import { type ConstraintKind, DOCS_PAGES, INTERFACE_SECTIONS } from '../../src/provenance.js';
import { assumptions, provenanceRecords } from '../../src/provenance-records.js';
import { rules } from '../../src/rules/catalog.js';
import { fieldElements } from '../../src/rules/fields.js';
import { newest } from '../support/documents.js';

const SOURCES = ['interface', 'live-docs', 'assumption'];

describe('provenance', () => {
  it('is recorded for every operation', () => {
    const elements = new Set(provenanceRecords().map((r) => r.element));
    for (const op of operationList) expect(elements, op.operationId).toContain(`operation:${op.operationId}`);
    for (const item of Object.values(newest.paths) as any[]) {
      for (const op of Object.values(item) as any[]) expect(SOURCES, op.operationId).toContain(op['x-provenance']?.source);
    }
  });

  it('is given in code to every field the operations table reaches', () => {
    const unrecorded = fieldElements()
      .filter((f) => !f.recorded)
      .map((f) => f.element);
    expect(unrecorded).toEqual([]);
    expect(fieldElements().length).toBeGreaterThan(100);
  });

  it('is emitted on every property of every component schema', () => {
    const missing: string[] = [];
    for (const [name, schema] of Object.entries(newest.components.schemas) as any[]) {
      for (const [field, property] of Object.entries(schema.properties ?? {}) as any[]) {
        if (!SOURCES.includes(property['x-provenance']?.source)) missing.push(`${name}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('is emitted on every query and path parameter', () => {
    for (const item of Object.values(newest.paths) as any[]) {
      for (const op of Object.values(item) as any[]) {
        for (const parameter of op.parameters ?? []) {
          expect(SOURCES, `${op.operationId} ${parameter.name}`).toContain(parameter['x-provenance']?.source);
        }
      }
    }
  });

  it('gives every assumption a claim a live run can check', () => {
    const list = assumptions();
    expect(list.length).toBeGreaterThan(5);
    for (const record of list) expect(record.note, record.element).toMatch(/\w{3,}/);
    expect(list.map((r) => r.element)).toEqual(
      expect.arrayContaining([
        'ErrorEnvelope.data',
        'AssumedPageQuery.page_size',
        'Voice.name',
        'AssetV2.id',
        'AssetV2.size',
        'StyleDetailEcho.name',
        'VideoAnyone.asset_id',
        'CharacterPage.data',
        'ModelPage.data',
        'ModelPage.pagination',
      ]),
    );
  });

  it('records the documented limits as documented, not assumed', () => {
    const byElement = new Map(provenanceRecords().map((r) => [r.element, r.source]));
    expect(byElement.get('GenerationItem.cfg_scale')).toBe('live-docs');
    expect(byElement.get('GenerationItem.steps')).toBe('live-docs');
    expect(byElement.get('VideoAnyone.prompt')).toBe('interface');
    expect(byElement.get('CharacterSettings.mode')).toBe('interface');
    expect(byElement.get('listCharacters.query.page')).toBe('live-docs');
    expect(byElement.get('Controlnet.base_model')).toBe('live-docs');
    expect(byElement.get('listControlnets.query.type')).toBe('interface');
  });
});

// The audit of every label against the interface description and the live docs: what each source
// shows, and what it does not (the relabels, both ways).
describe('provenance says the truth', () => {
  const byElement = new Map(provenanceRecords().map((r) => [r.element, r]));
  const source = (element: string) => byElement.get(element)?.source;
  const constraint = (element: string, kind: ConstraintKind) => byElement.get(element)?.constraints?.[kind]?.source;

  it.each([
    // Shapes no source shows are ours…
    ['VideoAnyone.asset_id', 'assumption'],
    ['CharacterPage.data', 'assumption'],
    ['ModelPage.data', 'assumption'],
    ['StylePage.data', 'assumption'],
    ['LoraPage.data', 'assumption'],
    ['VoicePage.data', 'assumption'],
    ['AssetV2Page.data', 'assumption'],
    ['AssetV2Envelope.data', 'assumption'],
    ['ControlnetPage.pagination', 'assumption'],
    ['CharacterPage.pagination', 'assumption'],
    // …the ones a source shows are the source's: each operation's `data` has its page's (or the interface's) basis…
    ['GenerationPage.data', 'live-docs'],
    ['GenerationEnvelope.data', 'live-docs'],
    ['MediaEnvelope.data', 'live-docs'],
    ['ControlnetPage.data', 'live-docs'],
    ['CharacterEnvelope.data', 'live-docs'],
    ['UploadSlotV1Envelope.data', 'live-docs'],
    ['UploadSlotV2Envelope.data', 'live-docs'],
    ['ArchivedAssetsEnvelope.data', 'live-docs'],
    ['DeletedMediaEnvelope.data', 'interface'],
    ['GenerationPage.err', 'interface'],
    // …and so are the ones labelled assumption that a source states.
    ['ErrorEnvelope.err', 'interface'],
    ['ImageStatus.status', 'live-docs'],
  ])('%s is %s', (element, expected) => {
    expect(source(element)).toBe(expected);
  });

  it('splits a field from a constraint its source does not give', () => {
    expect([source('GeneratedMedia.style_detail'), constraint('GeneratedMedia.style_detail', 'type')]).toEqual(['live-docs', 'assumption']);
    expect([source('ImageStatus.status'), constraint('ImageStatus.status', 'enum')]).toEqual(['live-docs', 'assumption']);
    expect([source('SizeInput.width'), constraint('SizeInput.width', 'type'), constraint('SizeInput.width', 'range')]).toEqual([
      'live-docs',
      'assumption',
      'assumption',
    ]);
    expect(constraint('Dim.height', 'range')).toBe('assumption');
    // The union of the media statuses the pages list (generate, get/list, the status endpoints) is the docs'.
    expect(constraint('Media.status', 'enum')).toBe('live-docs');
    // List generations shows its page parameters; their bounds are ours. The catalogue's are ours whole.
    expect([source('listGenerations.query.page_size'), constraint('listGenerations.query.page_size', 'range')]).toEqual(['live-docs', 'assumption']);
    expect(source('AssumedPageQuery.page_size')).toBe('assumption');
    expect(constraint('GeneratedMedia.type', 'enum')).toBe('live-docs');
    expect([source('GenerationPage.err'), constraint('GenerationPage.err', 'type')]).toEqual(['interface', 'assumption']);
  });
});

// Every label that names a source points at it: `interface § <heading>: "<words>"` or a docs page.
const SECTIONS = new Set<string>(Object.values(INTERFACE_SECTIONS));
const PAGES = new Set<string>(Object.values(DOCS_PAGES));
const PAGE_URL = /^https:\/\/docs\.rendernet\.ai\/api-reference\/endpoint\/[a-z0-9_]+\/[a-z0-9_]+(\.md)?$/;
const INTERFACE_CITE = /^interface § ([^:"]+): "([^"]{3,120})"$/;

function citeProblem(basis: { source: string; cite?: string | undefined }): string | undefined {
  if (basis.source === 'assumption') return basis.cite === undefined ? undefined : `an assumption cites ${basis.cite}`;
  if (typeof basis.cite !== 'string') return 'no cite';
  if (basis.source === 'live-docs') return PAGE_URL.test(basis.cite) && PAGES.has(basis.cite) ? undefined : `not a docs page: ${basis.cite}`;
  const match = INTERFACE_CITE.exec(basis.cite);
  if (!match) return `not \`interface § <section>: "<words>"\`: ${basis.cite}`;
  return SECTIONS.has(match[1]!) ? undefined : `no section "${match[1]}" in the interface description`;
}

describe('cite', () => {
  it('is well formed on every provenance record and every constraint basis', () => {
    const problems: string[] = [];
    for (const record of provenanceRecords()) {
      const own = citeProblem(record);
      if (own) problems.push(`${record.element}: ${own}`);
      for (const [kind, basis] of Object.entries(record.constraints ?? {})) {
        const problem = citeProblem(basis);
        if (problem) problems.push(`${record.element}.${kind}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    expect(provenanceRecords().filter((r) => r.source === 'interface').length).toBeGreaterThan(10);
  });

  it('is well formed on every rule, named and derived', () => {
    const problems = rules().flatMap((rule) => {
      const problem = citeProblem(rule);
      return problem ? [`${rule.id}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('is emitted in every x-provenance of the document that names a source', () => {
    const problems: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) for (const [i, item] of node.entries()) walk(item, `${at}[${i}]`);
      else if (typeof node === 'object' && node !== null) {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'x-provenance') {
            const problem = citeProblem(value as { source: string; cite?: string });
            if (problem) problems.push(`${at}: ${problem}`);
          }
          walk(value, `${at}.${key}`);
        }
      }
    };
    walk(newest, '#');
    expect(problems).toEqual([]);
    expect(JSON.stringify(newest)).toContain('"cite":"interface § Limits: \\"4 <= x <= 127\\""');
  });

  it('is refused by the test when it is malformed', () => {
    expect(citeProblem({ source: 'interface', cite: 'interface description, rule 2' })).toMatch(/not `interface/);
    expect(citeProblem({ source: 'interface', cite: 'interface § Nowhere: "words"' })).toMatch(/no section/);
    expect(citeProblem({ source: 'live-docs', cite: 'generate page' })).toMatch(/not a docs page/);
    expect(citeProblem({ source: 'live-docs' })).toBe('no cite');
    expect(citeProblem({ source: 'assumption', cite: DOCS_PAGES.generate })).toMatch(/an assumption cites/);
  });
});
