// Every file the schema package emits, as relative path → content. `pnpm emit` writes them; the
// drift test compares them with the committed files. The newest document is built from the zod
// schemas; every older one, the transform plan and the API changelog come from the ledger.
import { compilePlan, documentsByVersion, renderChangelog, renderPlanModule } from '../ledger/index.js';
import { buildDocument, GENERATED_NOTICE, type OpenApiDocument } from './document.js';
import { completeObjectBranches } from './schema-shapes.js';
import { stringifyYaml } from './yaml.js';

const json = (doc: unknown) => `${JSON.stringify(completeObjectBranches(doc), null, 2)}\n`;
const yaml = (doc: unknown) => `# ${GENERATED_NOTICE}\n${stringifyYaml(completeObjectBranches(doc))}`;

export interface EmittedFiles {
  [relativePath: string]: string;
}

/** All emitted files, keyed by path relative to packages/schema. */
export function emitFiles(newest: OpenApiDocument = buildDocument()): EmittedFiles {
  const files: EmittedFiles = {
    'openapi/openapi.json': json(newest),
    'openapi/openapi.yaml': yaml(newest),
  };
  for (const [version, doc] of Object.entries(documentsByVersion(newest))) {
    files[`openapi/versions/${version}.json`] = json(doc);
    files[`openapi/versions/${version}.yaml`] = yaml(doc);
  }
  files['src/ledger/plan.generated.ts'] = renderPlanModule(compilePlan(newest));
  files['CHANGELOG-API.md'] = renderChangelog();
  return files;
}
