// Shared by the test folders: requests built from the operations table, and a small fetch wrapper.
import type { OperationSpec } from '@mediagen/schema';

export const KEY = 'sandbox-key';

export interface Answer {
  status: number;
  contentType: string | null;
  body: any;
  headers: Headers;
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; key?: string | null; headers?: Record<string, string> } = {},
): Promise<Answer> {
  // A connection per request: a kept-alive one is closed by the mock after its idle timeout (5 s), and
  // a request sent on it as that timer fires, which a loaded machine makes likely after a pause of
  // that length, is reset (undici does not retry it).
  const headers: Record<string, string> = { accept: 'application/json', connection: 'close', ...options.headers };
  const key = options.key === undefined ? KEY : options.key;
  if (key !== null) headers['x-api-key'] = key;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method: method.toUpperCase(), headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, contentType: response.headers.get('content-type'), body: parsed, headers: response.headers };
}

/** The runnable example request of an operation: path with exampleParams, exampleQuery, first request example. */
export function exampleRequest(op: OperationSpec): { path: string; body?: unknown } {
  let path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(op.exampleParams?.[name] ?? `${name}_example`));
  if (op.exampleQuery) path += `?${new URLSearchParams(op.exampleQuery).toString()}`;
  const example = op.requestExamples ? Object.values(op.requestExamples)[0] : undefined;
  return example ? { path, body: example.value } : { path };
}

/** A generation request body with one standard item and `extra` fields. */
export const item = (extra: Record<string, unknown> = {}) => [{ model: 'JuggernautXL', prompt: { positive: 'a lighthouse at dusk' }, ...extra }];
