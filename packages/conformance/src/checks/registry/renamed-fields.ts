import { operations } from '@mediagen/schema';
import { served } from '../../model/answer.js';
import { assertThat } from '../../model/verdict.js';
import { carriesMedia } from '../applies.js';
import { defineCheck, type Found, type HistoryJudge, type HistorySettings, type Observed } from '../define.js';
import { queryNameReplacedAt } from '../names.js';
import type { CheckPort } from '../port.js';
import { checkRenamedFields } from '../response.js';
import { itemsOf, mediaIdsOf } from './sequence.js';

const { listGenerations } = operations;

/** Only `page_size` besides the filter (or nothing at all): a listing to compare a filtered one with. */
const onlyPaging = (query: Record<string, unknown>, filter?: string) => Object.keys(query).every((key) => key === 'page_size' || key === filter);

/**
 * Judges a history: the legacy query parameter `image_id` no longer filters the generations (ours: a
 * server may keep it as an alias). A listing by `?image_id=X` that holds fewer generations than the
 * unfiltered listing of the same page size before it, all of them containing X, filtered.
 */
function judgeHistory({ version }: HistorySettings): HistoryJudge {
  // Before the rename (`--at` an older date) image_id is the date's own filter, no legacy name.
  if (!queryNameReplacedAt(listGenerations.operationId, 'image_id', version)) return { observe: () => [] };
  /** page_size → how many generations the last unfiltered listing of that size held. */
  const unfiltered = new Map<string, number>();
  return {
    observe({ op, exchange }: Observed): Found[] {
      if (op !== listGenerations || !served(exchange)) return [];
      const query = exchange.request.query ?? {};
      const size = String(query.page_size ?? '');
      const items = itemsOf(exchange);
      if (onlyPaging(query)) {
        if (unfiltered.size < 1_000) unfiltered.set(size, items.length);
        return [];
      }
      const legacy = query.image_id;
      const total = unfiltered.get(size);
      if (typeof legacy !== 'string' || !onlyPaging(query, 'image_id') || total === undefined) return [];
      const honoured = total > items.length && items.every((g) => mediaIdsOf(g).includes(legacy));
      return [
        {
          operationId: listGenerations.operationId,
          assertion: assertThat(
            'legacy_image_id_ignored',
            !honoured,
            `the legacy query parameter image_id still filters the generations (${items.length} of ${total})`,
          ),
        },
      ];
    },
  };
}

/** The requests: the generations unfiltered, then by the legacy `image_id`. */
async function sequence(port: CheckPort): Promise<void> {
  const mediaId = port.fixtures.mediaIds[0];
  if (!mediaId) return;
  await port.send({ operationId: listGenerations.operationId, label: 'unfiltered', query: { page_size: 50 } }, 'accept');
  // A parameter the newest contract does not name: whatever the answer, short of a 5xx, it breaks nothing.
  await port.send({ operationId: listGenerations.operationId, label: `legacy image_id ${mediaId}`, query: { image_id: mediaId, page_size: 50 } }, 'probe');
}

export default defineCheck({
  id: 'renamed_fields',
  description:
    'The names of the version judged (--at; the newest: media, dim, type) are used; that legacy names (images, size, image_size) are gone and the legacy image_id query no longer filters are assumptions.',
  severity: 'error',
  category: 'response',
  rules: ['current_field_names', 'legacy_field_names_gone', 'legacy_image_id_ignored'],
  appliesTo: carriesMedia,
  judge: ({ op, exchange, version }) => (exchange.status === 0 ? undefined : checkRenamedFields(op, exchange, version)),
  history: judgeHistory,
  sequence,
});
