// Small documents for the classifier: one operation with a query parameter, a JSON request body and a
// JSON response, built from named component schemas like the emitted documents.
export type Doc = Record<string, any>;

export function smallDoc(version = '2025-01-01'): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'fixture', version: '1.0', 'x-api-version': version },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          parameters: [{ name: 'kind', in: 'query', required: false, schema: { $ref: '#/components/schemas/Kind' } }],
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/ListThings' } } } },
          },
        },
        post: {
          operationId: 'createThing',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewThing' } } } },
          responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
    components: {
      schemas: {
        Kind: { type: 'string', enum: ['a', 'b'] },
        Size: { type: 'object', properties: { w: { type: 'integer' }, h: { type: 'integer' } }, required: ['w', 'h'] },
        Thing: {
          type: 'object',
          properties: { id: { type: 'string' }, kind: { $ref: '#/components/schemas/Kind' }, size: { $ref: '#/components/schemas/Size' } },
          required: ['id', 'kind'],
        },
        ListThings: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } }, required: ['data'] },
        NewThing: {
          type: 'object',
          properties: { name: { type: 'string' }, kind: { $ref: '#/components/schemas/Kind' } },
          required: ['name'],
          additionalProperties: false,
        },
      },
    },
  };
}

export const clone = <T>(value: T): T => structuredClone(value);
