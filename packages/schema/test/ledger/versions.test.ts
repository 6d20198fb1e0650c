import { describe, expect, it } from 'vitest';
import { ledger, resolveVersion, versionKeys } from '../../src/ledger/index.js';

describe('version keys', () => {
  it('lists baseline and every ledger date, oldest first', () => {
    expect(versionKeys()).toEqual(['baseline', '2024-09-04', '2024-11-08', '2024-12-04', '2025-03-06', '2025-05-07']);
    expect(versionKeys().slice(1)).toEqual(ledger.map((change) => change.date));
  });

  it('resolves any date to the newest entry on or before it', () => {
    expect(resolveVersion('2024-09-03')).toBe('baseline');
    expect(resolveVersion('2024-09-04')).toBe('2024-09-04');
    expect(resolveVersion('2024-11-07')).toBe('2024-09-04');
    expect(resolveVersion('2024-11-08')).toBe('2024-11-08');
    expect(resolveVersion('2025-05-06')).toBe('2025-03-06');
    expect(resolveVersion('2025-05-07')).toBe('2025-05-07');
    expect(resolveVersion('2030-01-01')).toBe('2025-05-07');
    expect(resolveVersion('1999-12-31')).toBe('baseline');
    expect(resolveVersion('baseline')).toBe('baseline');
  });

  it('rejects malformed dates with a clear error', () => {
    expect(() => resolveVersion('nope')).toThrow(/Invalid API version "nope": expected a date written YYYY-MM-DD or "baseline"/);
    expect(() => resolveVersion('2024-9-4')).toThrow(Error);
    expect(() => resolveVersion('2024-02-30')).toThrow(/Invalid API version/);
    expect(() => resolveVersion('2024-13-01')).toThrow(/Invalid API version/);
    expect(() => resolveVersion('')).toThrow(/Invalid API version/);
  });

  it('resolves against a custom ledger', () => {
    const custom = [{ date: '2020-01-01', name: 'x', description: 'x', instructions: [] }];
    expect(versionKeys(custom)).toEqual(['baseline', '2020-01-01']);
    expect(resolveVersion('2024-09-04', custom)).toBe('2020-01-01');
    expect(resolveVersion('2019-12-31', custom)).toBe('baseline');
  });
});
