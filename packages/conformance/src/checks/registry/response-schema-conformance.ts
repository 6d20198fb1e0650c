import { all } from '../applies.js';
import { defineCheck } from '../define.js';
import { checkResponseSchema } from '../response.js';

export default defineCheck({
  id: 'response_schema_conformance',
  description: "The body parses with the schema package (the operation's success envelope or ErrorEnvelope).",
  severity: 'error',
  category: 'response',
  appliesTo: all,
  judge: ({ op, exchange }) => (exchange.status === 0 ? undefined : checkResponseSchema(op, exchange)),
});
