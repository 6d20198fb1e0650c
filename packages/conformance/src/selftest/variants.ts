// Faithful variants: servers that differ from our contract only where the sources are silent. Each
// must pass a default run, with the assumptions it differs on listed as refuted; under --strict it
// fails on them (by request). They keep the suite from failing a server that follows every word of
// the interface description and the live docs.
import { operations } from '@mediagen/schema';
import { relationVariants } from './counter/relations.js';
import { isFor, type ProxyRequest, parseJson, type Rewrite } from './proxy.js';
import { editJson, isObject, isSuccess, onGenerationItems, onMediaSuccess, refusal } from './rewrites.js';

const { generateMedia, getMedia, getGeneration, listVoices } = operations;

export interface FaithfulVariant {
  id: string;
  description: string;
  /** Assumptions a default run must list as refuted against it (verdict keys). */
  refutes: readonly string[];
  /**
   * The server's rewrite, made fresh for each run: a variant's default and --strict runs go side by
   * side, and what one remembers (a generation to fail later) must not leak into the other.
   */
  rewrite: () => Rewrite;
}

const keyless = (request: ProxyRequest, apiKey: string) => !request.headers['x-api-key'] || request.headers['x-api-key'] !== apiKey;

/** Generations whose video_anyone prompt was too long: they end `failed` (remembered for one run). */
function failsLater(): Rewrite {
  const doomed = new Set<string>();
  // The requests cut short, as the proxy hands them on (the same object reaches the answer's hook): each
  // answer is matched to its own request, whatever else is in flight beside it.
  const cut = new WeakSet<ProxyRequest>();
  return {
    request: (request) => {
      if (!isFor(request, generateMedia)) return request;
      let shortened = false;
      const changed = onGenerationItems((item) => {
        if (isObject(item.video_anyone) && typeof item.video_anyone.prompt === 'string' && item.video_anyone.prompt.length > 500) {
          item.video_anyone.prompt = item.video_anyone.prompt.slice(0, 500);
          shortened = true;
        }
      })!(request, { upstream: async () => ({ status: 0, headers: {}, body: '' }), apiKey: '' }) as ProxyRequest;
      if (shortened) cut.add(changed);
      return changed;
    },
    response: (request, response) => {
      if (isFor(request, generateMedia) && cut.has(request) && isSuccess(response.status)) {
        const body = parseJson(response);
        if (isObject(body) && isObject(body.data) && typeof body.data.generation_id === 'string') doomed.add(body.data.generation_id);
      }
      if (!isFor(request, getGeneration, getMedia) || !isSuccess(response.status)) return response;
      return editJson(response, (body) => {
        const data = body.data;
        if (isObject(data) && typeof data.generation_id === 'string' && doomed.has(data.generation_id) && Array.isArray(data.media)) {
          for (const m of data.media) if (isObject(m)) m.status = 'failed';
        }
      });
    },
  };
}

export function faithfulVariants(): FaithfulVariant[] {
  return [
    {
      id: 'auth-403',
      description: 'a missing or wrong key is refused with 403',
      refutes: ['rule:missing_key_401', 'rule:wrong_key_401'],
      rewrite: () => ({ request: (request, tools) => (keyless(request, tools.apiKey) ? refusal(403, 'forbidden', 'no valid API key') : request) }),
    },
    {
      id: 'auth-200-err',
      description: 'a missing or wrong key is answered 200 with data null and the error in err',
      refutes: ['rule:missing_key_401', 'rule:wrong_key_401', 'rule:failure_status_error'],
      rewrite: () => ({ request: (request, tools) => (keyless(request, tools.apiKey) ? refusal(200, 'unauthorized', 'no valid API key') : request) }),
    },
    {
      id: 'deleted-410',
      description: 'a deleted generation or media item looked up again answers 410',
      refutes: ['rule:deleted_item_404'],
      rewrite: () => ({ response: (_request, response) => (response.status === 404 ? { ...response, status: 410 } : response) }),
    },
    {
      id: 'long-prompt-fails-later',
      description: 'a video_anyone prompt over 500 characters is taken and its generation ends failed',
      refutes: ['rule:invalid_request_refused_up_front'],
      rewrite: failsLater,
    },
    {
      id: 'unshown-shapes',
      description: 'style_detail echoed as a string, the voices listed as plain names, extra fields everywhere',
      refutes: ['rule:GeneratedMedia.style_detail.type', 'VoicePage.data'],
      rewrite: () => ({
        response: (request, response) => {
          if (!isSuccess(response.status)) return response;
          if (isFor(request, listVoices)) {
            return editJson(response, (body) => {
              if (Array.isArray(body.data)) body.data = body.data.map((v) => (isObject(v) ? v.name : v));
            });
          }
          const edited = onMediaSuccess(({ media }) => {
            for (const m of media) m.style_detail = 'Bokeh';
          })!(request, response, {
            upstream: async () => ({ status: 0, headers: {}, body: '' }),
            apiKey: '',
          }) as typeof response;
          return editJson(edited, (body) => {
            body.trace_id = 'tr_1';
            if (isObject(body.data)) body.data.served_by = 'variant';
          });
        },
      }),
    },
    ...relationVariants(),
  ];
}
