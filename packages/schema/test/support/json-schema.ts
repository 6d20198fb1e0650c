// A JSON Schema 2020-12 validator over an emitted OpenAPI document: compile any component or any
// operation's request/response schema, resolving `$ref`s inside the document.

import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';

type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };

export function jsonSchemaValidator(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'https://mediagen.test/openapi.json', components: doc.components }, 'https://mediagen.test/openapi.json');
  const cache = new Map<string, ValidateFunction>();
  const compile = (schema: unknown, key: string): ValidateFunction => {
    let fn = cache.get(key);
    if (!fn) {
      // `#/components/...` refs inside the document become refs into the registered document.
      const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"https://mediagen.test/openapi.json#/components/'));
      fn = ajv.compile(rewritten) as ValidateFunction;
      cache.set(key, fn);
    }
    return fn;
  };
  const operation = (operationId: string) => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) if (op.operationId === operationId) return { path, method, op };
    }
    throw new Error(`no operation ${operationId}`);
  };
  return {
    component(name: string) {
      return compile({ $ref: `#/components/schemas/${name}` }, `component:${name}`);
    },
    requestBody(operationId: string) {
      const { op } = operation(operationId);
      return compile(op.requestBody.content['application/json'].schema, `req:${operationId}`);
    },
    parameter(operationId: string, location: string, name: string) {
      const { op } = operation(operationId);
      const parameter = op.parameters.find((p: { in: string; name: string }) => p.in === location && p.name === name);
      return compile(parameter.schema, `param:${operationId}:${location}:${name}`);
    },
    response(operationId: string, status: number | string) {
      const { op } = operation(operationId);
      return compile(op.responses[String(status)].content['application/json'].schema, `res:${operationId}:${status}`);
    },
    operation,
  };
}
