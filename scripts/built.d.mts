/** For a package's tests: the absolute path of a path under packages/, once the builds of `names` are fresh; throws otherwise. */
export function builtFor(names: readonly string[]): (path: string) => string;
