// The catalogue listings: models, styles, control nets, LoRAs (all filterable by `type`) and the
// narrator's voices. Their pages were not available, so item shapes beyond `name` and `base_model`
// are assumptions; items are open objects so extra fields the service sends are kept.
import { AssumedPageQuery, responseObject } from '../common.js';
import { assumed, assumption, fromDocs, fromInterface, parameterSet } from '../provenance.js';
import { z } from '../zod.js';

/** Values of `type` on the model, style and LoRA listings. */
export const RESOURCE_TYPES = ['sd', 'sdxl', 'flux'] as const;
export const ResourceType = z.enum(RESOURCE_TYPES).openapi('ResourceType', { example: 'flux' });
/** Values of `type` on the control net listing; `flux` was added on 2024-12-04. */
export const ControlnetType = z.enum(RESOURCE_TYPES).openapi('ControlnetType', { example: 'flux' });

/** The `type` filter: the interface's; its values beyond the one the docs show are ours. */
const typeQuery = <T extends z.ZodType>(schema: T, values: string) => ({
  type: fromInterface(schema.optional(), 'resourceListings', 'accept a query parameter `type`', 'added on 2024-11-08', {
    enum: assumption(`type takes ${values}; other values are rejected`),
  }),
  ...AssumedPageQuery,
});
/** Shared by the model, style and LoRA listings: its elements are named `CatalogueQuery.type`, not by one of them. */
export const CatalogueQuery = parameterSet('CatalogueQuery', typeQuery(ResourceType, 'sd, sdxl or flux (only flux is documented)'));
// Worded without the values: the list grew on 2024-12-04, and the claim holds at every date.
export const ControlnetQuery = typeQuery(ControlnetType, 'the values its enum lists (the docs show one)');
export const VoicesQuery = { ...AssumedPageQuery };

const catalogueItem = (name: string, example: string, baseModel: string, documented = false) =>
  responseObject(name, {
    name: documented
      ? fromDocs(z.string().openapi({ example }), 'generate')
      : assumed(z.string().openapi({ example }), `${name} items carry their name as name`),
    base_model: documented
      ? fromDocs(z.string().openapi({ example: baseModel }), 'generate', 'the control net listing example')
      : assumed(z.string().openapi({ example: baseModel }), `${name} items carry their base model as base_model`),
  });

export const Model = catalogueItem('Model', 'JuggernautXL', 'sdxl');
export const Style = catalogueItem('Style', 'Bokeh', 'sdxl');
/**
 * The one listing the docs show (on the generate page): `GET /pub/v1/controlnets?type=flux` answers
 * `{ base_model, name }` items. The schema's own example values hold at every API date; the docs'
 * listing example is dated in the operations table.
 */
export const Controlnet = catalogueItem('Controlnet', 'Canny', 'sdxl', true);
export const Lora = catalogueItem('Lora', 'lora_name', 'sdxl');
export type CatalogueItem = z.infer<typeof Model>;

export const Voice = responseObject('Voice', {
  name: assumed(z.string().openapi({ example: 'Rachel' }), 'voice items carry their name as name (the voices page is not available)'),
});
export type Voice = z.infer<typeof Voice>;
