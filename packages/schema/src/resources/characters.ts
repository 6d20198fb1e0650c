// Characters: a uniquely named face, created from an uploaded image asset and then used by name in
// prompts (with `character.character_id` in a generation item).
import { pageSchema, pageSizeSchema, requestObject, responseObject } from '../common.js';
import { assumed, assumption, documented, fromDocs } from '../provenance.js';
import { z } from '../zod.js';

/** The docs mark every create field required; that an empty string is refused is ours. */
const requiredNonEmpty = (field: string) => ({
  required: documented('createCharacter', 'marked required'),
  length: assumption(`the service rejects an empty ${field}`),
});

export const CHARACTER_TYPES = ['realistic', 'stylized'] as const;
export const CharacterType = z.enum(CHARACTER_TYPES).openapi('CharacterType', { example: 'realistic' });

export const CreateCharacterRequest = requestObject(
  'CreateCharacterRequest',
  {
    asset_id: fromDocs(z.string().min(1).openapi({ example: 'ast_123abc' }), 'createCharacter', undefined, requiredNonEmpty('asset_id')),
    character_type: fromDocs(CharacterType, 'createCharacter', undefined, { required: documented('createCharacter', 'marked required') }),
    name: fromDocs(
      z.string().min(1).openapi({ example: 'character_01' }),
      'createCharacter',
      'unique among the user\u2019s characters',
      requiredNonEmpty('name'),
    ),
    prompt: fromDocs(
      z.string().min(1).openapi({ example: 'a female, european, 25 years old, slim' }),
      'createCharacter',
      'key features; no clothing or background',
      requiredNonEmpty('prompt'),
    ),
  },
  'A new character from a face image asset.',
);
export type CreateCharacterRequest = z.infer<typeof CreateCharacterRequest>;

export const Character = responseObject('Character', {
  id: fromDocs(z.string().openapi({ example: 'character_001' }), 'createCharacter'),
  name: fromDocs(z.string().openapi({ example: 'character_01' }), 'createCharacter'),
  character_type: fromDocs(CharacterType, 'createCharacter'),
  prompt: fromDocs(z.string().openapi({ example: 'a female, european, 25 years old, slim' }), 'createCharacter'),
  input_image: fromDocs(
    z.string().optional().openapi({ example: 'https://redernet-image-data.s3.amazonaws.com/input_images/ast_123abc.png' }),
    'createCharacter',
  ),
  system_character: assumed(z.boolean().optional().openapi({ example: false }), 'listed characters carry system_character (third-party client)'),
});
export type Character = z.infer<typeof Character>;

export const ListCharactersQuery = {
  page: fromDocs(pageSchema(), 'listCharacters', 'page number of the feed, minimum 1'),
  // The page shows page_size ("page size of the feed") but its bounds are cut off: those are ours.
  page_size: fromDocs(pageSizeSchema(), 'listCharacters', 'page size of the feed', {
    range: assumption('page_size is 1..50 inclusive, as list generations prints it'),
  }),
};
