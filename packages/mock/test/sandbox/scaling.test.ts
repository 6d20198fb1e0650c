// The sandbox's work per request does not grow with what it holds: generate and list touch the same
// number of records at 100 and at 10,000 generations. Counted, not timed (timings live in bench/).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { item, KEY } from '../helpers.js';

function filled(generations: number) {
  const sandbox = createSandbox({ credits: 1e9, seed: 3 });
  const items = item() as Parameters<typeof sandbox.parts.generations.generate>[0];
  for (let i = 0; i < generations; i++) sandbox.parts.generations.generate(items, 0);
  return sandbox;
}

/** How many records a request reads: whole-map iterations, views built, ordered-list scans. */
async function touched(sandbox: ReturnType<typeof createSandbox>, method: string, path: string, body?: unknown): Promise<number> {
  const { state, app } = sandbox;
  let count = 0;
  const countIterations = <T>(map: Map<string, T>) =>
    vi.spyOn(map, 'values').mockImplementation(function* (this: Map<string, T>) {
      for (const value of Map.prototype.values.call(map)) {
        count++;
        yield value;
      }
    } as () => MapIterator<T>);
  countIterations(state.generations);
  countIterations(state.media);
  countIterations(state.assets);
  // Each media item shown is read by id: a listing that viewed every generation would read them all.
  const views = vi.spyOn(state.media, 'get');
  const scans = vi.spyOn(state.generationsNewestFirst, 'values');
  const response = await app.request(path, {
    method,
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return count + views.mock.calls.length + scans.mock.calls.length * state.generationsNewestFirst.size;
}

afterEach(() => vi.restoreAllMocks());

describe('work per request is independent of the number of generations held', () => {
  const small = filled(100);
  const large = filled(10_000);

  it.each([
    ['generate', 'POST', '/pub/v1/generations', item()],
    ['list a page', 'GET', '/pub/v1/generations?page=3&page_size=10', undefined],
    ['list filtered by media id', 'GET', '/pub/v1/generations?media_id=media_01', undefined],
    ['list assets', 'GET', '/pub/v2/assets?page_size=5', undefined],
  ])('%s', async (_, method, path, body) => {
    const few = await touched(small, method, path, body);
    const many = await touched(large, method, path, body);
    expect(many).toBe(few);
    expect(many).toBeLessThanOrEqual(20);
  });

  it('a page holds the right generations, newest first, with the total of all', async () => {
    const response = await large.app.request('/pub/v1/generations?page=2&page_size=3', { headers: { 'x-api-key': KEY } });
    const body = (await response.json()) as { data: { generation_id: string; created_at: number }[]; pagination: { total: number } };
    expect(body.pagination.total).toBe(large.state.generations.size);
    const expected = [...large.state.generations.values()]
      .sort((a, b) => b.createdMs - a.createdMs || (a.id < b.id ? 1 : -1))
      .slice(3, 6)
      .map((g) => g.id);
    expect(body.data.map((g) => g.generation_id)).toEqual(expected);
  });
});
