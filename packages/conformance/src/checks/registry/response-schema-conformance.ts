import { defineCheck } from '../define.js';
import { checkResponseSchema } from '../response.js';

export default defineCheck({
  id: 'response_schema_conformance',
  description: "The body parses with the schema package (the operation's success envelope or ErrorEnvelope); each mismatch names its field's rule.",
  severity: 'error',
  category: 'response',
  judgedRules: 'the constraint of each response field it finds broken, with that field\u2019s basis',
  // The constraint rules of the response fields, named as the schema package maps each mismatch.
  rules: [],
  appliesTo: () => true,
  judge: ({ op, exchange }) => (exchange.status === 0 ? undefined : checkResponseSchema(op, exchange)),
});
