// The balance recipes: servers whose credits behave otherwise than we assume — an estimate or a read
// that costs, a refused generate that keeps its credits, a charge that shows a reading late, a balance
// that may go below zero. The proxy keeps the sandbox's own spending and reports the balance shifted
// by what this server charges besides (estimate `balance`, generate `credits_remaining`), so every
// reading stays consistent with every other, as a real server's would.
import { operations } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { isFor, type ProxyRequest, type ProxyResponse, type ProxyTools, parseJson, type Rewrite } from '../proxy.js';
import { editJson, isSuccess, refusal } from '../rewrites.js';

const { estimateGeneration, generateMedia, listVoices } = operations;

/** What the server charges beside the sandbox (credits), and how its balance is reported. */
class Shift {
  constructor(public offset = 0) {}

  /** The answer with its balance fields lowered by the offset. */
  report(request: ProxyRequest, response: ProxyResponse): ProxyResponse {
    if (!isSuccess(response.status)) return response;
    const field = isFor(request, estimateGeneration) ? 'balance' : isFor(request, generateMedia) ? 'credits_remaining' : undefined;
    if (!field) return response;
    return editJson(response, (body) => {
      if (isObject(body.data) && typeof body.data[field] === 'number') body.data[field] -= this.offset;
    });
  }
}

const numberAt = (response: ProxyResponse, field: string): number | undefined => {
  const body = parseJson(response);
  const value = isObject(body) && isObject(body.data) ? body.data[field] : undefined;
  return typeof value === 'number' ? value : undefined;
};

/** Every estimate costs one credit. */
export function estimateCosts(): Rewrite {
  const shift = new Shift();
  return {
    response: (request, response) => {
      if (isFor(request, estimateGeneration) && isSuccess(response.status)) shift.offset += 1;
      return shift.report(request, response);
    },
  };
}

/** The first read of the voices costs one credit. */
export function readCosts(): Rewrite {
  const shift = new Shift();
  let charged = false;
  return {
    response: (request, response) => {
      if (!charged && isFor(request, listVoices) && isSuccess(response.status)) {
        charged = true;
        shift.offset += 1;
      }
      return shift.report(request, response);
    },
  };
}

/** A generation's charge shows one balance reading late: the first estimate after it still says the balance before it. */
export function chargeShowsLate(): Rewrite {
  const shift = new Shift();
  let lastBalance: number | undefined;
  let stale: number | undefined;
  return {
    response: (request, response) => {
      if (isFor(request, generateMedia) && isSuccess(response.status) && lastBalance !== undefined) stale = lastBalance;
      if (!isFor(request, estimateGeneration) || !isSuccess(response.status)) return response;
      const real = numberAt(response, 'balance');
      if (stale !== undefined && real !== undefined) {
        const shown = stale;
        stale = undefined;
        shift.offset = real - shown;
        const reported = shift.report(request, response);
        shift.offset = 0;
        return reported;
      }
      lastBalance = real;
      return response;
    },
  };
}

/** How much below the sandbox's balance a low-balance server reports: it starts with `start` credits. */
const lowBalance = (start: number, sandboxCredits: number) => new Shift(sandboxCredits - start);

/** The price the sandbox gives a generation body, with the caller's key. */
async function priceOf(request: ProxyRequest, tools: ProxyTools): Promise<{ estimated: number; balance: number } | undefined> {
  const answer = await tools.upstream({
    method: 'POST',
    path: estimateGeneration.path,
    headers: request.headers,
    ...(request.body ? { body: request.body } : {}),
  });
  const estimated = numberAt(answer, 'estimated');
  const balance = numberAt(answer, 'balance');
  return estimated !== undefined && balance !== undefined ? { estimated, balance } : undefined;
}

/** A server with a low balance that lets a generation take it below zero (it serves one costing more than the balance). */
export function balanceGoesNegative(start: number, sandboxCredits: number): Rewrite {
  const shift = lowBalance(start, sandboxCredits);
  return { response: (request, response) => shift.report(request, response) };
}

/** A server with a low balance that refuses a generation above it with 400 (not 402), and keeps its price all the same. */
export function aboveBalanceRefusedAndCharged(start: number, sandboxCredits: number): Rewrite {
  const shift = lowBalance(start, sandboxCredits);
  return {
    request: async (request, tools) => {
      if (!isFor(request, generateMedia) || request.headers['x-api-key'] !== tools.apiKey) return request;
      const price = await priceOf(request, tools);
      if (!price || price.estimated <= price.balance - shift.offset) return request;
      shift.offset += price.estimated;
      return refusal(400, 'insufficient_credits', 'the balance is too low');
    },
    response: (request, response) => shift.report(request, response),
  };
}
