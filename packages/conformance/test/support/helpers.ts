// Helpers shared by the tests: a recording proxy in front of a mock, and report lookups.
import type { CheckId, Report } from '../../src/index.js';
import { type ProxyRequest, type Rewrite, startProxy } from '../../src/selftest/proxy.js';

/** A proxy that records every request it forwards (method, path, operation). */
export async function recordingProxy(upstream: string, apiKey: string, rewrite: Rewrite = {}) {
  const seen: ProxyRequest[] = [];
  const proxy = await startProxy(
    upstream,
    {
      request: async (request, tools) => {
        seen.push(request);
        return rewrite.request ? rewrite.request(request, tools) : request;
      },
      ...(rewrite.response ? { response: rewrite.response } : {}),
    },
    apiKey,
  );
  return { ...proxy, seen };
}

export function result(report: Report, operationId: string, check: CheckId) {
  return report.operations.find((o) => o.operationId === operationId)?.results.find((r) => r.check === check);
}

export function failures(report: Report): string[] {
  return report.operations.flatMap((op) =>
    op.results.filter((r) => r.outcome === 'failed').map((r) => `${r.operationId} › ${r.check}: ${r.failures[0]?.message}`),
  );
}
