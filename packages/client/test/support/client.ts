// The client the tests use: a real server on loopback, a recognisable key, quick retries.
import { type ClientOptions, type ClientWarning, createClient, type MediaGenClient } from '@mediagen/client';
import type { TestServer } from './server.js';

/** A key that is easy to search for in messages and logs. */
export const API_KEY = 'sk_live_SECRET_4f9a2c7e1b3d5a6f';

export interface Harness {
  client: MediaGenClient;
  warnings: ClientWarning[];
  logs: string[];
}

export function makeClient(server: TestServer, options: Partial<ClientOptions> = {}): Harness {
  const warnings: ClientWarning[] = [];
  const logs: string[] = [];
  const line = (level: string) => (message: string, meta?: Record<string, unknown>) =>
    logs.push(`${level} ${message}${meta ? ` ${JSON.stringify(meta)}` : ''}`);
  const client = createClient({
    apiKey: API_KEY,
    baseUrl: server.url,
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 20,
    // Far above any ordinary answer on a loaded machine: a test that is about a time limit sets its own.
    timeoutMs: 120_000,
    onWarning: (warning) => warnings.push(warning),
    logger: { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') },
    ...options,
  });
  return { client, warnings, logs };
}
