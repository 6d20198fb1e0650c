// The table's catalogue listings, in the document's order.
import { pagedEnvelope } from '../common.js';
import * as docs from '../examples/live-docs.js';
import { assumption, documented } from '../provenance.js';
import { CatalogueQuery, Controlnet, ControlnetQuery, Lora, Model, Style, Voice, VoicesQuery } from '../resources/catalogue.js';
import { z } from '../zod.js';
import { assumedList, catalogue, cataloguePage, query } from './parts.js';
import type { OperationEntry } from './vocabulary.js';

/** The Resources operations: the five catalogue listings generation requests refer to. */
export const catalogueOperations = {
  listModels: catalogue(
    'models',
    '/pub/v1/models',
    'models',
    { query: query(CatalogueQuery), schema: cataloguePage('ModelPage', Model, 'model') },
    {
      docs: assumedList([{ name: 'JuggernautXL', base_model: 'sdxl' }]),
      flux: assumedList([{ name: 'Flux', base_model: 'flux' }], 'Flux (shape assumed)', '2024-11-08'),
    },
  ),
  listStyles: catalogue(
    'styles',
    '/pub/v1/styles',
    'styles',
    { query: query(CatalogueQuery), schema: cataloguePage('StylePage', Style, 'style') },
    {
      docs: assumedList([{ name: 'Bokeh', base_model: 'sdxl' }]),
      flux: assumedList([{ name: 'Black & White', base_model: 'flux' }], 'Flux (shape assumed)', '2024-11-08'),
    },
  ),
  listControlnets: catalogue(
    'controlnets',
    '/pub/v1/controlnets',
    'control nets',
    {
      query: query(ControlnetQuery),
      schema: pagedEnvelope(
        'ControlnetPage',
        z.array(Controlnet),
        documented('generate', 'the control net listing example'),
        assumption('the control net listing answers a pagination object beside data (the docs example shows data only)'),
      ),
    },
    {
      docs: { summary: 'docs example (?type=flux)', value: docs.listFluxControlnetsResponse, since: '2024-12-04' },
      assumed: assumedList([{ name: 'Canny', base_model: 'sdxl' }]),
    },
    documented('generate', 'the control net listing example'),
  ),
  listLoras: catalogue(
    'loras',
    '/pub/v1/loras',
    'LoRAs',
    { query: query(CatalogueQuery), schema: cataloguePage('LoraPage', Lora, 'LoRA') },
    {
      docs: assumedList([
        { name: 'lora_name', base_model: 'sdxl' },
        { name: 'film_grain', base_model: 'sd 1.5' },
      ]),
    },
  ),
  listVoices: catalogue(
    'voices',
    '/pub/v1/voices',
    'voices',
    { query: query(VoicesQuery), schema: cataloguePage('VoicePage', Voice, 'voice') },
    { docs: assumedList([{ name: 'Rachel' }, { name: 'Adam' }]) },
  ),
} satisfies Record<string, OperationEntry>;
