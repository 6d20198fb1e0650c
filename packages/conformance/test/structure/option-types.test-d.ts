// Check and operation ids are typed where a program names them (`runConformance`, `describeConformance`):
// a misspelt id does not compile. vitest's typecheck runs this file (and `npm run typecheck` includes
// it), so each @ts-expect-error below must meet its error, or `vitest run` fails.
import { describe, expectTypeOf, it } from 'vitest';
import type { CheckId } from '../../src/checks/catalog.js';
import type { ConformanceOptions } from '../../src/index.js';
import type { DescribeConformanceOptions } from '../../src/vitest.js';

describe('option types', () => {
  it('take the registry\u2019s check ids and the table\u2019s operation ids, and nothing else', () => {
    const ok: DescribeConformanceOptions = { only: ['auth_required'], skip: ['use_after_free'], operations: ['listVoices'] };
    expectTypeOf(ok.only).toEqualTypeOf<readonly CheckId[] | undefined>();
    // @ts-expect-error a check id the registry does not have
    const misspeltCheck: ConformanceOptions = { only: ['auth_requird'] };
    // @ts-expect-error an operation id the table does not have
    const misspeltOperation: DescribeConformanceOptions = { operations: ['listVoice'] };
    void [misspeltCheck, misspeltOperation];
  });
});
