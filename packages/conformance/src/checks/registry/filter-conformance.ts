import { normalizeBaseModel } from '@mediagen/schema';
import type { RunContext } from '../../engine/context.js';
import { hasTypeFilter } from '../applies.js';
import { defineCheck } from '../define.js';
import { isSuccess } from '../response.js';
import { counter, isObject, itemsOf, mediaIdsOf, summary } from './sequence.js';

async function sequence(run: RunContext): Promise<void> {
  const check = 'filter_conformance';
  const { tally, judge } = counter(run, check);
  const mediaId = run.fixtures.mediaIds[0];
  if (mediaId && run.ops.some((o) => o.operationId === 'listGenerations')) {
    const listed = await run.exercise(
      { operationId: 'listGenerations', label: `filter by media_id ${mediaId}`, query: { media_id: mediaId, page_size: 50 } },
      'stateful',
      'accept',
    );
    const list = itemsOf(listed.exchange);
    const strangers = list.filter((g) => !mediaIdsOf(g).includes(mediaId));
    judge(
      'listGenerations',
      isSuccess(listed.exchange.status) && list.length > 0 && strangers.length === 0,
      list.length === 0
        ? `?media_id=${mediaId} lists no generation, though ${run.fixtures.generationId ?? 'one'} contains it`
        : `?media_id=${mediaId} lists ${strangers.length} generation(s) that do not contain it (e.g. ${JSON.stringify(strangers[0]?.generation_id)})`,
      listed.exchange,
    );
    const success = await run.exercise(
      { operationId: 'listGenerations', label: 'filter by status=success', query: { status: 'success', page_size: 50 } },
      'stateful',
      'accept',
    );
    const unsuccessful = itemsOf(success.exchange).filter((g) => {
      const media = isObject(g) ? (g.media ?? g.images) : undefined;
      return Array.isArray(media) && !media.some((m) => isObject(m) && m.status === 'success');
    });
    judge(
      'listGenerations',
      unsuccessful.length === 0,
      `?status=success lists ${unsuccessful.length} generation(s) without a successful item (e.g. ${JSON.stringify(unsuccessful[0]?.generation_id)})`,
      success.exchange,
    );
  } else run.skip('listGenerations', check, 'no generation was created to filter on');
  const flux = (item: Record<string, unknown>) => typeof item.base_model === 'string' && normalizeBaseModel(item.base_model) === normalizeBaseModel('flux');
  for (const op of run.ops) {
    if (!hasTypeFilter(op)) continue;
    const all = itemsOf(await run.raw({ operationId: op.operationId, label: 'unfiltered', query: { page: 1, page_size: 50 } }));
    if (!all.some(flux) || all.every(flux)) {
      run.skip(op.operationId, check, 'the target has no flux items beside others to filter');
      continue;
    }
    const listed = await run.exercise(
      { operationId: op.operationId, label: 'filter by type=flux', query: { type: 'flux', page: 1, page_size: 50 } },
      'stateful',
      'accept',
    );
    const others = itemsOf(listed.exchange).filter((item) => !flux(item));
    judge(
      op.operationId,
      isSuccess(listed.exchange.status) && others.length === 0,
      `?type=flux lists ${others.length} item(s) whose base_model is not flux (e.g. ${JSON.stringify(others[0]?.name)}: ${JSON.stringify(others[0]?.base_model)})`,
      listed.exchange,
    );
  }
  summary(
    run,
    check,
    ['listGenerations', 'listModels', 'listStyles', 'listLoras'],
    tally.failures ? `failed (${tally.failures})` : `${tally.judged} filter(s) honoured`,
  );
}

export default defineCheck({
  id: 'filter_conformance',
  description:
    'Filters filter: ?media_id lists only generations that contain it, ?status=success only generations with a successful item, ?type=flux only flux items.',
  severity: 'error',
  category: 'stateful',
  appliesTo: (op) => op.operationId === 'listGenerations' || hasTypeFilter(op),
  sequence,
});
