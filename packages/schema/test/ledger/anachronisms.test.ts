// Dated documents carry only what existed at their date: no example, example value, description,
// summary or note of the document of a version mentions a kind, field or value that a later ledger
// entry brought. The words of each entry are written here, independently of how the documents are
// derived (the structural revert of the ledger, and `since` on examples), and checked against the
// ledger so a new entry cannot slip past them.
import { describe, expect, it } from 'vitest';
import { ledger } from '../../src/ledger/changes.js';
import { emitFiles } from '../../src/openapi/files.js';
import { CHARACTER_MODES } from '../../src/resources/generation-parts.js';
import { isFlux } from '../../src/resources/generation-request.js';

type Texts = { at: string; text: string }[];

interface Introduced {
  date: string;
  what: string;
  /** The fields of the ledger entry it stands for (`Schema.field`), if any. */
  fields?: string[];
  /** Whether the document mentions it. */
  mentionedIn: (texts: Texts, document: any) => string[];
}

const saying =
  (pattern: RegExp, where: RegExp = /.*/) =>
  (texts: Texts) =>
    texts.filter(({ at, text }) => where.test(at) && pattern.test(text)).map(({ at, text }) => `${at}: ${text.slice(0, 100)}`);

/** Generation request examples whose items use a control net with Flux chosen. */
function fluxControlNetExamples(document: any): string[] {
  const found: string[] = [];
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const operation of Object.values<any>(item)) {
      for (const [name, example] of Object.entries<any>(operation.requestBody?.content?.['application/json']?.examples ?? {})) {
        if (Array.isArray(example.value) && example.value.some((entry: any) => entry?.control_net && isFlux(entry))) found.push(`${path} example ${name}`);
      }
    }
  }
  return found;
}

const INTRODUCED: Introduced[] = [
  { date: '2024-09-04', what: 'narrator', fields: ['GenerationItem.narrator'], mentionedIn: saying(/narrator/i) },
  { date: '2024-11-08', what: 'Flux', mentionedIn: saying(/flux/i) },
  { date: '2024-11-08', what: 'style_detail', fields: ['GenerationItem.style_detail', 'GeneratedMedia.style_detail'], mentionedIn: saying(/style_detail/) },
  {
    date: '2024-12-04',
    what: 'Flux control nets',
    mentionedIn: (texts, document) => [
      ...saying(/flux/i, /controlnets|Controlnet/)(texts),
      ...saying(/(?=.*flux)(?=.*control.?net)/is)(texts),
      ...fluxControlNetExamples(document),
    ],
  },
  { date: '2025-03-06', what: 'video_anyone', fields: ['GenerationItem.video_anyone'], mentionedIn: saying(/video.?anyone/i) },
  {
    date: '2025-05-07',
    what: 'character.mode',
    fields: ['CharacterSettings.mode'],
    mentionedIn: saying(new RegExp(`\\bmode\\b|\\b(${CHARACTER_MODES.join('|')})\\b`, 'i')),
  },
];

/** Every key and string of a document, with where it is (keys of property maps count: a field's name is its mention). */
function textsOf(node: unknown, at = '#', out: Texts = []): Texts {
  if (typeof node === 'string') out.push({ at, text: node });
  else if (Array.isArray(node)) node.forEach((item, i) => void textsOf(item, `${at}/${i}`, out));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      out.push({ at: `${at}/${key}`, text: key });
      textsOf(value, `${at}/${key}`, out);
    }
  }
  return out;
}

const files = emitFiles();
const documents = Object.fromEntries(
  Object.entries(files)
    .filter(([path]) => /^openapi\/versions\/.+\.json$/.test(path))
    .map(([path, text]) => [path.slice('openapi/versions/'.length, -'.json'.length), JSON.parse(text)]),
);
const versions = Object.keys(documents).sort((a, b) => (a === 'baseline' ? -1 : b === 'baseline' ? 1 : a.localeCompare(b)));

describe('anachronisms', () => {
  it('the words cover every field the ledger adds to a generation item or its character, at its date', () => {
    for (const change of ledger) {
      for (const instruction of change.instructions) {
        if (instruction.op !== 'field_added' || !['GenerationItem', 'CharacterSettings'].includes(instruction.schema)) continue;
        const field = `${instruction.schema}.${instruction.field}`;
        expect(INTRODUCED.find((i) => i.fields?.includes(field))?.date, field).toBe(change.date);
      }
    }
    for (const { date } of INTRODUCED) expect(ledger.map((c) => c.date)).toContain(date);
  });

  it.each(INTRODUCED.map((i) => [i.what, i] as const))('%s is mentioned from its date on (the check can see it)', (_, introduced) => {
    const document = documents[introduced.date];
    expect(introduced.mentionedIn(textsOf(document), document).length).toBeGreaterThan(0);
  });

  it.each(versions)('%s mentions nothing a later entry brought', (version) => {
    const document = documents[version];
    const texts = textsOf(document);
    const found = INTRODUCED.filter((i) => version === 'baseline' || i.date > version).flatMap((i) =>
      i.mentionedIn(texts, document).map((m) => `${i.what} (${i.date}): ${m}`),
    );
    expect(found).toEqual([]);
  });

  it('would see one: the newest examples in the baseline document are anachronisms', () => {
    const newest = JSON.parse(files['openapi/openapi.json']!);
    const baseline = structuredClone(documents.baseline);
    baseline.paths['/pub/v1/models'].get.responses['200'].content['application/json'].examples =
      newest.paths['/pub/v1/models'].get.responses['200'].content['application/json'].examples;
    const texts = textsOf(baseline);
    expect(INTRODUCED.find((i) => i.what === 'Flux')!.mentionedIn(texts, baseline).length).toBeGreaterThan(0);
  });
});
