// A table of numeric settings (budgets, limits) with the caller's overrides applied, each checked:
// the one loop behind the conformance run's budgets and the mocks' edge limits.

/**
 * `defaults` with every defined value of `given` in its place, each passed to `check` first, which
 * throws (its own error, its own words) to refuse it. An undefined value keeps the default.
 */
export function withOverrides<T extends { [K in keyof T]: number }>(
  defaults: Readonly<T>,
  given: Partial<T>,
  check: (name: keyof T & string, value: number) => void,
): T {
  const settings = { ...defaults } as T;
  for (const [name, value] of Object.entries(given) as [keyof T & string, number | undefined][]) {
    if (value === undefined) continue;
    check(name, value);
    settings[name] = value as T[keyof T & string];
  }
  return settings;
}
