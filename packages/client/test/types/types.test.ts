// Compiles catch-mistakes.test-d.ts with the package's compiler settings: any diagnostic fails, including
// an unused `@ts-expect-error` (a mistake that compiles again because a type reopened). vitest's typecheck
// runs the same file; this test also shows that the check can fail.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const file = fileURLToPath(new URL('./catch-mistakes.test-d.ts', import.meta.url));

const config = ts.getParsedCommandLineOfConfigFile(`${packageRoot}/tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
let previous: ts.Program | undefined;

/** The file's own diagnostics (what it imports is checked by the package's typecheck), the program reused between runs. */
function diagnostics(source: string): string[] {
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile;
  host.readFile = (name) => (name === file ? source : readFile(name));
  const program = ts.createProgram([file], { ...config.options, noEmit: true }, host, previous);
  previous = program;
  const sourceFile = program.getSourceFile(file)!;
  return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map(
    (d) => `line ${sourceFile.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
  );
}

describe('types that catch mistakes', () => {
  it('compile as written: every @ts-expect-error still marks an error', { timeout: 600_000 }, () => {
    expect(diagnostics(ts.sys.readFile(file)!)).toEqual([]);
  });

  it('would fail if a response type reopened (the check is not vacuous)', { timeout: 600_000 }, () => {
    const reopened = `${ts.sys.readFile(file)!}\ndeclare const open: WithExtra<Media>;\n// @ts-expect-error\nopen.media_id;\n`;
    expect(diagnostics(reopened).join('\n')).toMatch(/Unused '@ts-expect-error' directive/);
  });
});
