// The catalogue listings: models, styles, control nets, LoRAs (all filterable by `type`) and the
// narrator's voices. Their pages were not available, so item shapes beyond `name` and `base_model`
// are assumptions; items are open objects so extra fields the service sends are kept.
import { PageQuery, responseObject } from '../common.js';
import { assumed, fromDocs, fromInterface } from '../provenance.js';
import { z } from '../zod.js';

/** Values of `type` on the model, style and LoRA listings. */
export const RESOURCE_TYPES = ['sd', 'sdxl', 'flux'] as const;
export const ResourceType = z.enum(RESOURCE_TYPES).openapi('ResourceType', { example: 'flux' });
/** Values of `type` on the control net listing; `flux` was added on 2024-12-04. */
export const ControlnetType = z.enum(RESOURCE_TYPES).openapi('ControlnetType', { example: 'flux' });

const typeQuery = <T extends z.ZodType>(schema: T) => ({
  type: assumed(schema, 'type filters by base model: sd, sdxl or flux (only flux is documented)').optional(),
  ...PageQuery,
});
export const CatalogueQuery = typeQuery(ResourceType);
export const ControlnetQuery = typeQuery(ControlnetType);
export const VoicesQuery = { ...PageQuery };

const catalogueItem = (name: string, example: string, baseModel: string) =>
  responseObject(name, {
    name: fromDocs(z.string().openapi({ example })),
    base_model: assumed(z.string().openapi({ example: baseModel }), `${name} items carry base_model like the Flux control net example`),
  });

export const Model = catalogueItem('Model', 'JuggernautXL', 'sdxl');
export const Style = catalogueItem('Style', 'Bokeh', 'sdxl');
export const Controlnet = catalogueItem('Controlnet', 'Canny', 'flux');
export const Lora = catalogueItem('Lora', 'lora_name', 'sdxl');
export type CatalogueItem = z.infer<typeof Model>;

export const Voice = responseObject('Voice', {
  name: fromInterface(z.string().openapi({ example: 'Rachel' }), 'narrator.voice takes this name'),
});
export type Voice = z.infer<typeof Voice>;
