import { operations } from '@mediagen/schema';
import { assertThat } from '../../model/verdict.js';
import { fluxFilterRule, hasTypeFilter, isFluxItem as isFlux } from '../applies.js';
import { defineCheck } from '../define.js';
import type { CheckPort } from '../port.js';
import { said, served } from '../response.js';
import { itemsOf, mediaIdsOf, tally } from './sequence.js';

const { listGenerations } = operations;

async function generationFilters(port: CheckPort, t: ReturnType<typeof tally>): Promise<void> {
  const mediaId = port.fixtures.mediaIds[0];
  if (!mediaId || !port.ops.includes(listGenerations)) {
    port.skip(listGenerations.operationId, 'filter_conformance', 'no generation was created to filter on');
    return;
  }
  const byMedia = (
    await port.send({ operationId: listGenerations.operationId, label: `filter by media_id ${mediaId}`, query: { media_id: mediaId, page_size: 50 } }, 'accept')
  ).exchange;
  const list = itemsOf(byMedia);
  const strangers = list.filter((g) => !mediaIdsOf(g).includes(mediaId));
  t.assert(
    listGenerations.operationId,
    assertThat(
      'media_id_filter',
      served(byMedia) && list.length > 0 && strangers.length === 0,
      list.length === 0
        ? `?media_id=${mediaId} lists no generation (${said(byMedia)}), though ${port.fixtures.generationId ?? 'one'} contains it`
        : `?media_id=${mediaId} lists ${strangers.length} generation(s) that do not contain it (e.g. ${JSON.stringify(strangers[0]?.generation_id)})`,
    ),
    byMedia,
  );
  const bySuccess = (
    await port.send({ operationId: listGenerations.operationId, label: 'filter by status=success', query: { status: 'success', page_size: 50 } }, 'accept')
  ).exchange;
  const unsuccessful = itemsOf(bySuccess).filter((g) => {
    const media = g.media ?? g.images;
    return Array.isArray(media) && !media.some((m) => typeof m === 'object' && m !== null && (m as { status?: unknown }).status === 'success');
  });
  t.assert(
    listGenerations.operationId,
    assertThat(
      'status_filter',
      unsuccessful.length === 0,
      `?status=success lists ${unsuccessful.length} generation(s) without a successful item (e.g. ${JSON.stringify(unsuccessful[0]?.generation_id)})`,
    ),
    bySuccess,
  );
}

async function sequence(port: CheckPort): Promise<void> {
  const t = tally(port, 'filter_conformance');
  await generationFilters(port, t);
  for (const op of port.ops.filter(hasTypeFilter)) {
    const all = itemsOf(await port.raw({ operationId: op.operationId, label: 'unfiltered', query: { page: 1, page_size: 50 } }));
    if (!all.some(isFlux) || all.every(isFlux)) {
      port.skip(op.operationId, 'filter_conformance', 'the target has no flux items beside others to filter');
      continue;
    }
    const listed = (await port.send({ operationId: op.operationId, label: 'filter by type=flux', query: { type: 'flux', page: 1, page_size: 50 } }, 'accept'))
      .exchange;
    const others = itemsOf(listed).filter((item) => !isFlux(item));
    t.assert(
      op.operationId,
      assertThat(
        fluxFilterRule(op),
        served(listed) && others.length === 0,
        `?type=flux lists ${others.length} item(s) whose base_model is not flux (e.g. ${JSON.stringify(others[0]?.name)}: ${JSON.stringify(others[0]?.base_model)})`,
      ),
      listed,
    );
  }
  t.end(`${t.asserted} filter(s) honoured`);
}

export default defineCheck({
  id: 'filter_conformance',
  description:
    'Filters filter: ?media_id and ?status=success on generations, ?type=flux on the catalogue listings (documented for control nets; ours elsewhere).',
  severity: 'error',
  category: 'stateful',
  rules: ['media_id_filter', 'status_filter', 'type_flux_filter', 'type_flux_filter_assumed'],
  appliesTo: (op) => op === listGenerations || hasTypeFilter(op),
  sequence,
});
