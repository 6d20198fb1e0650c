import { defineCheck } from '../define.js';
import { checkPagination } from '../response.js';

export default defineCheck({
  id: 'pagination_conformance',
  description: 'Paged listings honour page and page_size (at most page_size items; pagination echoes the request).',
  severity: 'error',
  category: 'stateful',
  rules: ['page_honoured', 'page_honoured_where_assumed'],
  appliesTo: (op) => op.paged,
  // Judged on every listing that asked for a page, on targets that compute pages.
  judge: ({ op, exchange, pagination }) => (pagination && exchange.status !== 0 ? checkPagination(op, exchange) : undefined),
});
