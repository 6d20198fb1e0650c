// Check and operation ids are typed where a program names them (option-types.test-d.ts: a misspelt id
// does not compile); input that names them by string (the CLI, a config file), or an id forced past
// the types, is checked at run time.
import { describe, expect, it } from 'vitest';
import type { CheckId } from '../../src/checks/catalog.js';
import { runConformance } from '../../src/index.js';

describe('option types', () => {
  it('an id forced past the types is refused when the run starts, naming it', async () => {
    await expect(runConformance({ only: ['auth_requird' as CheckId], target: 'sandbox' })).rejects.toThrow(/unknown check id: auth_requird/);
  });
});
