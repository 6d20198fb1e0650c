// Broken targets whose credits do not move as the seed says: a balance that stops moving while the
// generate answers show every charge (the estimate does not return the current balance), generations
// that consume nothing (neither the balance nor credits_remaining ever falls), and a price right for
// the default model but wrong for another kind of generation (a segment).
import { operations } from '@mediagen/schema';
import { isFor, type ProxyRequest, type ProxyTools, parseJson, type Rewrite } from '../proxy.js';
import { editJson, isObject, isSuccess } from '../rewrites.js';
import type { BrokenTarget } from './types.js';

const { estimateGeneration, generateMedia } = operations;

/** The estimate's balance stays where it was when the first generation was served. */
function balanceStopsMoving(): Rewrite {
  let frozen: number | undefined;
  let generated = false;
  return {
    response: (request, response) => {
      if (!isSuccess(response.status)) return response;
      if (isFor(request, generateMedia)) generated = true;
      if (!isFor(request, estimateGeneration)) return response;
      return editJson(response, (body) => {
        if (!isObject(body.data) || typeof body.data.balance !== 'number') return;
        if (!generated) frozen = body.data.balance;
        else if (frozen !== undefined) body.data.balance = frozen;
      });
    },
  };
}

/** What the upstream charges a generate body (its own estimate), asked with the caller's key. */
async function priceOf(request: ProxyRequest, tools: ProxyTools): Promise<number> {
  const answer = parseJson(
    await tools.upstream({ method: 'POST', path: estimateGeneration.path, headers: request.headers, ...(request.body ? { body: request.body } : {}) }),
  );
  return isObject(answer) && isObject(answer.data) && typeof answer.data.estimated === 'number' ? answer.data.estimated : 0;
}

/** Generations cost nothing: every balance the server reports is raised by what the upstream charged. */
function generationsFree(): Rewrite {
  let given = 0;
  const pending = new Map<ProxyRequest, number>();
  return {
    request: async (request, tools) => {
      if (isFor(request, generateMedia) && request.headers['x-api-key'] === tools.apiKey) pending.set(request, await priceOf(request, tools));
      return request;
    },
    response: (request, response) => {
      const price = pending.get(request) ?? 0;
      pending.delete(request);
      if (!isSuccess(response.status)) return response;
      if (isFor(request, generateMedia)) given += price;
      const field = isFor(request, estimateGeneration) ? 'balance' : isFor(request, generateMedia) ? 'credits_remaining' : undefined;
      if (!field) return response;
      return editJson(response, (body) => {
        if (isObject(body.data) && typeof body.data[field] === 'number') body.data[field] += given;
      });
    },
  };
}

/** The estimate of a body with a segment item says one credit more than it charges; every other kind is priced right. */
const segmentOverpriced: Rewrite = {
  response: (request, response) => {
    if (!isFor(request, estimateGeneration) || !isSuccess(response.status)) return response;
    const body = request.body ? (JSON.parse(request.body) as unknown) : undefined;
    if (!Array.isArray(body) || !body.some((item) => isObject(item) && isObject(item.segment))) return response;
    return editJson(response, (json) => {
      if (isObject(json.data) && typeof json.data.estimated === 'number') json.data.estimated += 1;
    });
  },
};

export const creditTargets = (): readonly BrokenTarget[] => [
  {
    id: 'balance-stops-moving',
    description: 'the estimate’s balance stops moving once a generation was served, while credits_remaining shows each charge',
    upstream: 'sandbox',
    expect: 'credits_arithmetic',
    rule: 'estimate_returns_the_balance',
    get rewrite() {
      return balanceStopsMoving();
    },
  },
  {
    id: 'generations-free',
    description: 'generations consume no credits: neither the balance nor credits_remaining ever falls',
    upstream: 'sandbox',
    expect: 'credits_arithmetic',
    rule: 'generation_consumes_credits',
    get rewrite() {
      return generationsFree();
    },
  },
  {
    id: 'price-wrong-for-segment',
    description: 'the estimate is right for the default model, and one credit above the charge for a segment',
    upstream: 'sandbox',
    expect: 'credits_arithmetic',
    rule: 'estimate_is_the_charge',
    rewrite: segmentOverpriced,
  },
];
