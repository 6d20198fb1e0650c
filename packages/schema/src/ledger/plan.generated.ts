// Generated from the API ledger and the newest OpenAPI document. Do not edit: change the ledger
// or the schemas and emit again.
import type { TransformPlan } from './plan.js';

export const transformPlan: TransformPlan = {
  changes: [
    { date: '2024-09-04', name: 'Rename images to media and add narrator generations' },
    { date: '2024-11-08', name: 'Accept Flux models and styles and add style_detail' },
    { date: '2024-12-04', name: 'List control nets for Flux' },
    { date: '2025-03-06', name: 'Add video_anyone image-to-video generations' },
    { date: '2025-05-07', name: 'Add mode to character generations' },
  ],
  operations: {
    listGenerations: {
      query: [{ date: '2024-09-04', steps: [{ op: 'rename', at: [], from: 'image_id', to: 'media_id' }] }],
      responses: {
        '200': [
          {
            date: '2024-09-04',
            steps: [
              {
                op: 'rename',
                at: ['data', '*', 'media', '*'],
                was: ['data', '*', 'images', '*'],
                from: 'size',
                to: 'dim',
              },
              {
                op: 'add',
                at: ['data', '*', 'media', '*'],
                was: ['data', '*', 'images', '*'],
                field: 'type',
                default: 'image',
              },
              { op: 'rename', at: ['data', '*'], from: 'images', to: 'media' },
            ],
          },
        ],
      },
    },
    generateMedia: {
      body: [
        { date: '2024-09-04', steps: [{ op: 'add', at: ['*'], field: 'narrator' }] },
        { date: '2024-11-08', steps: [{ op: 'add', at: ['*'], field: 'style_detail' }] },
        { date: '2025-03-06', steps: [{ op: 'add', at: ['*'], field: 'video_anyone' }] },
        { date: '2025-05-07', steps: [{ op: 'add', at: ['*', 'character'], field: 'mode' }] },
      ],
      responses: {
        '200': [
          {
            date: '2024-09-04',
            steps: [
              {
                op: 'rename',
                at: ['data', 'media', '*'],
                was: ['data', 'images', '*'],
                from: 'image_size',
                to: 'dim',
              },
              {
                op: 'add',
                at: ['data', 'media', '*'],
                was: ['data', 'images', '*'],
                field: 'type',
                default: 'image',
              },
              { op: 'rename', at: ['data'], from: 'images', to: 'media' },
            ],
          },
          {
            date: '2024-11-08',
            steps: [{ op: 'add', at: ['data', 'media', '*'], field: 'style_detail' }],
          },
        ],
      },
    },
    estimateGeneration: {
      body: [
        { date: '2024-09-04', steps: [{ op: 'add', at: ['*'], field: 'narrator' }] },
        { date: '2024-11-08', steps: [{ op: 'add', at: ['*'], field: 'style_detail' }] },
        { date: '2025-03-06', steps: [{ op: 'add', at: ['*'], field: 'video_anyone' }] },
        { date: '2025-05-07', steps: [{ op: 'add', at: ['*', 'character'], field: 'mode' }] },
      ],
    },
    getGeneration: {
      responses: {
        '200': [
          {
            date: '2024-09-04',
            steps: [
              {
                op: 'rename',
                at: ['data', 'media', '*'],
                was: ['data', 'images', '*'],
                from: 'size',
                to: 'dim',
              },
              {
                op: 'add',
                at: ['data', 'media', '*'],
                was: ['data', 'images', '*'],
                field: 'type',
                default: 'image',
              },
              { op: 'rename', at: ['data'], from: 'images', to: 'media' },
            ],
          },
        ],
      },
    },
    getMedia: {
      responses: {
        '200': [
          {
            date: '2024-09-04',
            steps: [
              { op: 'rename', at: ['data'], from: 'size', to: 'dim' },
              { op: 'add', at: ['data'], field: 'type', default: 'image' },
            ],
          },
        ],
      },
    },
    listModels: { query: [{ date: '2024-11-08', steps: [{ op: 'add', at: [], field: 'type' }] }] },
    listStyles: { query: [{ date: '2024-11-08', steps: [{ op: 'add', at: [], field: 'type' }] }] },
    listControlnets: {
      query: [
        { date: '2024-11-08', steps: [{ op: 'add', at: [], field: 'type' }] },
        { date: '2024-12-04', steps: [{ op: 'enum', at: ['type'], value: 'flux' }] },
      ],
    },
    listLoras: { query: [{ date: '2024-11-08', steps: [{ op: 'add', at: [], field: 'type' }] }] },
  },
};
