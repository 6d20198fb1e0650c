// Defaults from the environment, where there is one: Node, Deno and Bun have `process.env`, browsers
// have none (and a bundler may leave a stub). Read only when the options leave a value out.

/** The API key, when `apiKey` is not given. */
export const API_KEY_VARIABLE = 'MEDIAGEN_API_KEY';
/** The base URL, when `baseUrl` is not given (before the live service's). */
export const BASE_URL_VARIABLE = 'MEDIAGEN_BASE_URL';

/** A variable of the environment; undefined when unset, empty, or when there is no environment (or no permission to read it, as in Deno). */
export function fromEnvironment(name: string): string | undefined {
  try {
    const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}
