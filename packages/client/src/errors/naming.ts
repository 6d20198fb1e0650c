// Not re-exported by the package: the one helper the error modules share.
/**
 * Sets each class's `name` on its prototype from its key, so names survive minifiers that rename
 * classes. Each module names its own classes: a bundler may leave out a module only re-exporting them.
 */
export function nameClasses(classes: Record<string, abstract new (...args: never[]) => Error>): void {
  for (const [name, Class] of Object.entries(classes)) {
    // Not enumerable (the default of defineProperty), as Error.prototype.name is not.
    Object.defineProperty(Class.prototype, 'name', { value: name, writable: true, configurable: true });
  }
}
