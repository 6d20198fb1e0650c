import { describe, expect, it } from 'vitest';
import {
  compilePlan,
  downgradeRequest,
  fieldAdded,
  fieldRenamed,
  ledger,
  renderPlanModule,
  type TransformPlan,
  upgradeRequest,
  upgradeResponse,
  type VersionChange,
} from '../../src/ledger/index.js';
import { loadNewest } from './support.js';

const plan = compilePlan(loadNewest());

describe('compilePlan', () => {
  it('lists the ledger entries, oldest first', () => {
    expect(plan.changes).toEqual(ledger.map(({ date, name }) => ({ date, name })));
  });

  it('records the paths of each entry per operation, request and response', () => {
    expect(Object.keys(plan.operations).sort()).toEqual(
      ['generateMedia', 'getGeneration', 'listControlnets', 'listGenerations', 'listLoras', 'listModels', 'listStyles'].sort(),
    );
    expect(plan.operations.listGenerations).toEqual({
      query: [{ date: '2024-09-04', steps: [{ op: 'rename', at: [], from: 'image_id', to: 'media_id' }] }],
      responses: {
        '200': [
          {
            date: '2024-09-04',
            steps: [
              { op: 'rename', at: ['data', '*', 'media', '*'], was: ['data', '*', 'images', '*'], from: 'size', to: 'dim' },
              { op: 'add', at: ['data', '*', 'media', '*'], was: ['data', '*', 'images', '*'], field: 'type', default: 'image' },
              { op: 'rename', at: ['data', '*'], from: 'images', to: 'media' },
            ],
          },
        ],
      },
    });
    expect(plan.operations.generateMedia?.body).toEqual([
      { date: '2024-09-04', steps: [{ op: 'add', at: ['*'], field: 'narrator' }] },
      { date: '2024-11-08', steps: [{ op: 'add', at: ['*'], field: 'style_detail' }] },
      { date: '2025-03-06', steps: [{ op: 'add', at: ['*'], field: 'video_anyone' }] },
      { date: '2025-05-07', steps: [{ op: 'add', at: ['*', 'character'], field: 'mode' }] },
    ]);
    expect(plan.operations.generateMedia?.responses?.['200']?.[1]).toEqual({
      date: '2024-11-08',
      steps: [{ op: 'add', at: ['data', 'media', '*'], field: 'style_detail' }],
    });
    expect(plan.operations.generateMedia?.responses?.['400']).toBeUndefined();
    expect(plan.operations.listControlnets?.query).toEqual([
      { date: '2024-11-08', steps: [{ op: 'add', at: [], field: 'type' }] },
      { date: '2024-12-04', steps: [{ op: 'enum', at: ['type'], value: 'flux' }] },
    ]);
    expect(plan.operations.listModels).toEqual({ query: [{ date: '2024-11-08', steps: [{ op: 'add', at: [], field: 'type' }] }] });
  });

  it('is plain, compact JSON', () => {
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
    expect(JSON.stringify(plan).length).toBeLessThan(4000);
    expect(JSON.stringify(plan)).not.toContain('#/components');
  });

  it('validates the ledger against the document', () => {
    const bad: VersionChange[] = [{ date: '2026-01-01', name: 'Bad', description: 'Bad.', instructions: [fieldRenamed('Nope', 'a', 'b')] }];
    expect(() => compilePlan(loadNewest(), bad)).toThrow('component schema "Nope" is not in the document as of 2026-01-01');
  });
});

describe('renderPlanModule', () => {
  const source = renderPlanModule(plan);

  it('starts with a header saying it is generated and must not be edited', () => {
    const header = source.split('\n').slice(0, 2).join(' ');
    expect(header).toMatch(/^\/\/ Generated from the API ledger/);
    expect(header).toMatch(/Do not edit/);
  });

  it('exports a typed constant equal to the plan', () => {
    expect(source).toContain("import type { TransformPlan } from './plan.js';");
    const match = /export const transformPlan: TransformPlan = ([\s\S]*);\n$/.exec(source);
    expect(match).not.toBeNull();
    const evaluated = new Function(`return (${match![1]});`)() as TransformPlan;
    expect(evaluated).toEqual(plan);
  });

  it('quotes awkward strings safely', () => {
    const odd: TransformPlan = { changes: [{ date: '2020-01-01', name: `it's "quoted" \\ and\nnew` }], operations: { 'a-b': {} } };
    const match = /= ([\s\S]*);\n$/.exec(renderPlanModule(odd));
    expect(new Function(`return (${match![1]});`)()).toEqual(odd);
  });
});

describe('plans of other documents', () => {
  const order = () => ({
    openapi: '3.1.0',
    info: { title: 'shop', version: '1' },
    paths: {
      '/orders': {
        post: {
          operationId: 'createOrder',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
          responses: {
            '201': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Order: {
          type: 'object',
          properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Line' } }, parent: { $ref: '#/components/schemas/Order' } },
        },
        Line: { type: 'object', properties: { sku: { type: 'string' }, gift: { type: 'boolean' } } },
      },
    },
  });
  const shopLedger: VersionChange[] = [
    { date: '2025-01-01', name: 'Add gifts', description: 'Gifts.', instructions: [fieldAdded('Line', 'gift')] },
    { date: '2025-06-01', name: 'Rename lines to items', description: 'Items.', instructions: [fieldRenamed('Order', 'lines', 'items')] },
  ];
  const shopPlan = compilePlan(order(), shopLedger);

  it('follows recursive schemas without looping', () => {
    expect(shopPlan.operations.createOrder?.body).toEqual([
      { date: '2025-01-01', steps: [{ op: 'add', at: ['lines', '*'], field: 'gift' }] },
      { date: '2025-06-01', steps: [{ op: 'rename', at: [], from: 'lines', to: 'items' }] },
    ]);
  });

  it('reports refused fields by the path as sent, through later renames', () => {
    expect(() => downgradeRequest(shopPlan, 'createOrder', { body: { items: [{ sku: 'a' }, { sku: 'b', gift: true }] } }, 'baseline')).toThrow(
      'items[1].gift: not available before 2025-01-01 (Add gifts)',
    );
    expect(downgradeRequest(shopPlan, 'createOrder', { body: { items: [{ sku: 'b', gift: true }] } }, '2025-01-01').body).toEqual({
      lines: [{ sku: 'b', gift: true }],
    });
    expect(upgradeRequest(shopPlan, 'createOrder', { body: { lines: [{ sku: 'b' }] } }, 'baseline').body).toEqual({ items: [{ sku: 'b' }] });
    expect(upgradeResponse(shopPlan, 'createOrder', 201, { lines: [] }, '2025-01-01')).toEqual({ body: { items: [] }, changed: true });
  });
});
