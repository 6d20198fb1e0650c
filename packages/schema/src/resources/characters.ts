// Characters: a uniquely named face, created from an uploaded image asset and then used by name in
// prompts (with `character.character_id` in a generation item).
import { PageQuery, requestObject, responseObject } from '../common.js';
import { assumed, assumption, documented, fromDocs } from '../provenance.js';
import { z } from '../zod.js';

/** The docs mark every create field required; that an empty string is refused is ours. */
const requiredNonEmpty = (field: string) => ({ required: documented('marked required'), length: assumption(`the service rejects an empty ${field}`) });

export const CHARACTER_TYPES = ['realistic', 'stylized'] as const;
export const CharacterType = z.enum(CHARACTER_TYPES).openapi('CharacterType', { example: 'realistic' });

export const CreateCharacterRequest = requestObject(
  'CreateCharacterRequest',
  {
    asset_id: fromDocs(z.string().min(1).openapi({ example: 'ast_123abc' }), undefined, requiredNonEmpty('asset_id')),
    character_type: fromDocs(CharacterType, undefined, { required: documented('marked required') }),
    name: fromDocs(z.string().min(1).openapi({ example: 'character_01' }), 'unique among the user\u2019s characters', requiredNonEmpty('name')),
    prompt: fromDocs(
      z.string().min(1).openapi({ example: 'a female, european, 25 years old, slim' }),
      'key features; no clothing or background',
      requiredNonEmpty('prompt'),
    ),
  },
  'A new character from a face image asset.',
);
export type CreateCharacterRequest = z.infer<typeof CreateCharacterRequest>;

export const Character = responseObject('Character', {
  id: fromDocs(z.string().openapi({ example: 'character_001' })),
  name: fromDocs(z.string().openapi({ example: 'character_01' })),
  character_type: fromDocs(CharacterType),
  prompt: fromDocs(z.string().openapi({ example: 'a female, european, 25 years old, slim' })),
  input_image: fromDocs(z.string().optional().openapi({ example: 'https://redernet-image-data.s3.amazonaws.com/input_images/ast_123abc.png' })),
  system_character: assumed(z.boolean().optional().openapi({ example: false }), 'listed characters carry system_character (third-party client)'),
});
export type Character = z.infer<typeof Character>;

export const ListCharactersQuery = {
  ...PageQuery,
  page: fromDocs(z.coerce.number().int().min(1).optional().openapi({ type: 'integer', minimum: 1, example: 1 }), 'page number of the feed, minimum 1'),
};
