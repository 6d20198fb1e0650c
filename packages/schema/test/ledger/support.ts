// Shared test inputs: the newest-document fixture, loaded fresh for each caller.
import { readFileSync } from 'node:fs';

const fixture = new URL('../fixtures/ledger/newest.json', import.meta.url);

/** A fresh copy of the newest-document fixture. */
export function loadNewest(): Record<string, unknown> {
  return JSON.parse(readFileSync(fixture, 'utf8')) as Record<string, unknown>;
}

/** Reads a nested value by keys (test convenience for untyped documents). */
export function dig(value: unknown, ...keys: (string | number)[]): unknown {
  let node = value;
  for (const key of keys) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** Freezes a value and everything in it, so that any mutation throws. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
