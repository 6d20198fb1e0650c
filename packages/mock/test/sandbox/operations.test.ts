// Every operation of the contract's table is implemented by the sandbox: its documented example
// request (exampleParams, exampleQuery, requestExamples) gets the documented success status and a
// body the success schema accepts. In-process through the app, one fresh sandbox per operation.
import { type OperationSpec, operationList, validate } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { exampleRequest, KEY } from '../helpers.js';

describe('every operation answers its documented example', () => {
  it('the table has the 22 operations the sandbox routes', () => {
    expect(operationList).toHaveLength(22);
  });

  it.each(operationList.map((op) => [op.operationId, op] as const))('%s', async (_, op: OperationSpec) => {
    const { app } = createSandbox();
    const request = exampleRequest(op);
    const response = await app.request(`http://sandbox.test${request.path}`, {
      method: op.method.toUpperCase(),
      headers: { 'x-api-key': KEY, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    });
    const body = (await response.json()) as unknown;
    expect(response.status, JSON.stringify(body)).toBe(op.success.status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const checked = validate(op.success.schema, body);
    expect(checked.errors).toEqual([]);
  });

  it('every request example of generate and estimate is accepted', async () => {
    const { app } = createSandbox({ credits: 10_000 });
    for (const op of operationList.filter((o) => o.operationId === 'generateMedia' || o.operationId === 'estimateGeneration')) {
      for (const [name, example] of Object.entries(op.requestExamples ?? {})) {
        const response = await app.request(op.path, {
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: JSON.stringify(example.value),
        });
        expect(response.status, `${op.operationId} ${name}: ${await response.clone().text()}`).toBe(200);
      }
    }
  });
});
