// One judge, whichever driver: a live run and the judging of its own recording fail the same cells when
// the server answers one request with a server error. Before, they did not: the reachability probe was
// recorded but not judged live; a generated request's failure was recorded live only if its shrunk form,
// sent again, failed too (a passing re-send dropped it, while the recording kept the 502); a generated
// item naming no kind was sent as plainly valid but inferred from the recording as a tolerance probe;
// a recording took a 5xx for the answer to an allowed request even where it could not show the request
// allowed; it read a recorded query's numbers as text, missing the assumption a bound of ours is; a
// generated request drawn twice lost its failure when the other send passed; and a body with fields its
// kind ignores was a probe live and a request to accept in the recording.
import { SANDBOX_API_KEY, startSandbox } from '@mediagen/mock';
import { type OperationSpec, operations } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { judgeHar } from '../../src/har/judge.js';
import { type Report, runConformance } from '../../src/index.js';
import { recordingOf } from '../../src/selftest/agreement.js';
import { isFor, jsonReply, type ProxyRequest, parseJson, startProxy } from '../../src/selftest/proxy.js';

const { estimateGeneration, listGenerations, uploadAsset } = operations;

/** The first item of an estimate's body, when it has one. */
const firstItem = (request: ProxyRequest): Record<string, unknown> | undefined => {
  const body = parseJson(request);
  return Array.isArray(body) && typeof body[0] === 'object' && body[0] !== null ? (body[0] as Record<string, unknown>) : undefined;
};
const KINDS = ['segment', 'style', 'style_detail', 'model', 'true_touch', 'narrator', 'video_anyone'];

/** Runs the sandbox behind a proxy that answers the first request `chosen` picks with a 502; the live report, its recording's agreement, and whether one was answered so. */
async function runWithOne502(chosen: (request: ProxyRequest, nth: number) => boolean, only: OperationSpec = estimateGeneration, strict = false) {
  const sandbox = await startSandbox({ credits: 100_000, delays: { pendingMs: 0, completeMs: 0 }, apiKeys: [SANDBOX_API_KEY] });
  let estimates = 0;
  let answered: string | undefined;
  const proxy = await startProxy(
    sandbox.url,
    {
      response: (request, response) => {
        if (!isFor(request, only) || answered !== undefined || !chosen(request, ++estimates)) return response;
        answered = `${request.method} ${request.path} ${request.body ?? ''}`;
        return jsonReply(502, { data: null, err: { message: 'bad gateway' } });
      },
    },
    SANDBOX_API_KEY,
  );
  const recording = recordingOf(() => proxy.url, { stateful: true, lifecycleWaitMs: 2_000, strict });
  try {
    const live: Report = await runConformance({
      baseUrl: proxy.url,
      apiKey: SANDBOX_API_KEY,
      maxExamples: 10,
      seed: 1,
      lifecycleTimeoutMs: 2_000,
      mode: 'full',
      maxCredits: 50,
      stateful: true,
      checksKeyValue: true,
      recorders: [recording.writer],
      strict,
    });
    // The recording's own report, as `--from-har` gives it (compare() judges it again, and removes it).
    const recordingNotes = (await judgeHar(recording.writer.path, { baseUrl: proxy.url, stateful: true, lifecycleWaitMs: 2_000, strict })).notes;
    return { live, agreement: await recording.compare(live), answered, recordingNotes };
  } finally {
    await proxy.stop();
    await sandbox.stop();
  }
}

const failed = (report: Report, operationId: string, check: string) =>
  report.operations.some((op) => op.operationId === operationId && op.results.some((r) => r.check === check && r.outcome === 'failed'));

describe('a live run and its recording agree cell by cell when one request gets a 502', () => {
  it('the reachability probe: judged live as the recording judges it (its model is not yet shown listed: no obligation)', async () => {
    const { live, agreement, answered } = await runWithOne502((_, nth) => nth === 1);
    expect(answered).toBeDefined();
    expect(agreement).toEqual({ onlyLive: [], onlyRecording: [], agrees: true });
    expect(failed(live, 'estimateGeneration', 'not_a_server_error')).toBe(false);
  }, 120_000);

  it('an item naming no kind: a tolerance probe in both', async () => {
    const { live, agreement, answered } = await runWithOne502((request) => {
      const item = firstItem(request);
      return item !== undefined && !KINDS.some((kind) => kind in item);
    });
    expect(answered).toBeDefined();
    expect(agreement).toEqual({ onlyLive: [], onlyRecording: [], agrees: true });
    expect(failed(live, 'estimateGeneration', 'not_a_server_error')).toBe(true);
  }, 120_000);

  it('a generated item naming no kind: its 502 stands though the same request sent again is served', async () => {
    // Generated, not one of the suite's fixed bodies: those use whole cfg_scale values.
    const { live, agreement, answered } = await runWithOne502((request) => {
      const item = firstItem(request);
      return item !== undefined && !KINDS.some((kind) => kind in item) && typeof item.cfg_scale === 'number' && !Number.isInteger(item.cfg_scale);
    });
    expect(answered).toBeDefined();
    expect(agreement).toEqual({ onlyLive: [], onlyRecording: [], agrees: true });
    expect(failed(live, 'estimateGeneration', 'not_a_server_error')).toBe(true);
    expect(live.notes.some((note) => /a generated request failed, and .* did not: the first failing answer is recorded as it came/.test(note))).toBe(true);
  }, 120_000);

  it('the estimate pricing a body on an asset no upload made: nothing the recording cannot show is asserted, in either', async () => {
    const { live, agreement, answered, recordingNotes } = await runWithOne502((request) =>
      JSON.stringify(firstItem(request) ?? {}).includes('ast_never_uploaded'),
    );
    expect(answered).toBeDefined();
    expect(agreement).toEqual({ onlyLive: [], onlyRecording: [], agrees: true });
    // The request names an asset no upload made: it is not allowed, and a 5xx breaks no rule the sources state.
    expect(failed(live, 'estimateGeneration', 'not_a_server_error')).toBe(false);
    // The recording's report says why its 502 failed nothing.
    expect(recordingNotes.join('\n')).toMatch(
      /estimateGeneration: \d+ refusal\(s\) or server error\(s\) judged by their answer alone, not against their request: the traffic does not show all it names \(first: /,
    );
  }, 120_000);

  it('a listing asking page_size=50 (a bound of ours): an assumption refuted in both, no failure', async () => {
    const { live, agreement, answered } = await runWithOne502((request) => request.query.get('page_size') === '50', listGenerations);
    expect(answered).toBeDefined();
    expect(agreement).toEqual({ onlyLive: [], onlyRecording: [], agrees: true });
    expect(failed(live, 'listGenerations', 'not_a_server_error')).toBe(false);
    expect(live.provenance.find((p) => p.element === 'rule:listGenerations.query.page_size.range')?.status).toBe('refuted');
  }, 120_000);

  it('an estimate of a narrator on uploaded inputs: the live run judges it (it made the files), the recording cannot show them valid', async () => {
    const { live, agreement, answered } = await runWithOne502((request) => {
      const narrator = firstItem(request)?.narrator;
      return typeof narrator === 'object' && narrator !== null && 'video_asset_id' in narrator;
    });
    expect(answered).toBeDefined();
    expect(agreement).toEqual({ onlyLive: [], onlyRecording: [], agrees: true });
    expect(failed(live, 'estimateGeneration', 'not_a_server_error')).toBe(true);
  }, 120_000);

  it('under --strict, a generated invalid body drawn twice: one 502 of it is a failure, whatever the other got', async () => {
    // The first upload body `{}` is the hand-written case; the next ones are generated, drawn more than once.
    let empties = 0;
    const { live, agreement, answered } = await runWithOne502((request) => request.body === '{}' && ++empties === 2, uploadAsset, true);
    expect(answered).toBeDefined();
    expect(agreement).toEqual({ onlyLive: [], onlyRecording: [], agrees: true });
    expect(failed(live, 'uploadAsset', 'negative_data_rejection')).toBe(true);
  }, 120_000);

  it('under --strict, a body with fields its kind ignores (allowed outright): a request to accept in both', async () => {
    const { live, agreement, answered } = await runWithOne502(
      (request) => {
        const item = firstItem(request);
        return item?.style_detail !== undefined && item.sampler !== undefined;
      },
      estimateGeneration,
      true,
    );
    expect(answered).toBeDefined();
    expect(agreement).toEqual({ onlyLive: [], onlyRecording: [], agrees: true });
    expect(failed(live, 'estimateGeneration', 'positive_data_acceptance')).toBe(true);
  }, 120_000);
});
