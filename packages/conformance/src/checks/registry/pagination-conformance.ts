import { through } from '../../model/verdict.js';
import { defineCheck } from '../define.js';
import { checkPagination } from '../response.js';

export default defineCheck({
  id: 'pagination_conformance',
  description:
    'Paged listings honour page and page_size (at most page_size items; pagination echoes the request); a page holds what its total leaves (what total counts: an assumption).',
  severity: 'error',
  category: 'stateful',
  rules: ['page_honoured', 'page_honoured_where_assumed', 'page_total_counts_items'],
  appliesTo: (op) => op.paged,
  // Judged on every listing that asked for a page, on targets that compute pages. A page asked for with a
  // value only an assumption calls invalid (page 0, page_size 51) and served anyway is honoured only as
  // far as that assumption goes: the judgement is a verdict on it.
  judge: ({ op, exchange, pagination, expect, breach }) => {
    if (!pagination || exchange.status === 0) return undefined;
    const via = expect === 'reject' && breach?.source === 'assumption' ? breach.rule : undefined;
    return checkPagination(op, exchange)?.map((assertion) => through(assertion, via));
  },
});
