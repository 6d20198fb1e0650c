// The table's Characters operations, in the document's order.
import { envelope, pagedEnvelope } from '../common.js';
import * as docs from '../examples/live-docs.js';
import { assumption, documented } from '../provenance.js';
import { Character, CreateCharacterRequest, ListCharactersQuery } from '../resources/characters.js';
import { z } from '../zod.js';
import { assumedList, listedPagination, one, QUERY_ERRORS, query, WRITE_ERRORS } from './parts.js';
import type { OperationEntry } from './vocabulary.js';

/** The Characters operations. */
export const characterOperations = {
  createCharacter: {
    body: CreateCharacterRequest,
    method: 'post',
    path: '/pub/v1/characters',
    tag: 'Characters',
    summary: 'Create a character',
    description: 'Creates a uniquely named character from a face image asset; use its name in prompts.',
    requestExamples: one('docs example', docs.createCharacterRequest),
    success: {
      status: 201,
      description: 'Successful response for created character.',
      schema: envelope('CharacterEnvelope', Character, documented('createCharacter')),
      examples: one('docs example', docs.createCharacterResponse),
    },
    errors: WRITE_ERRORS,
    effect: 'create',
    paged: false,
    creates: { kind: 'character', idAt: ['id'] },
    provenance: documented('createCharacter'),
  },
  listCharacters: {
    query: query(ListCharactersQuery),
    method: 'get',
    path: '/pub/v1/characters',
    tag: 'Characters',
    summary: 'List characters',
    description: 'The caller\u2019s characters (and system characters).',
    success: {
      status: 200,
      description: 'The characters.',
      // The list response is not visible: its items reuse create's shape by our choice.
      schema: pagedEnvelope(
        'CharacterPage',
        z.array(Character),
        assumption('the character listing answers a list of characters shaped like create\u2019s answer in data'),
        listedPagination('character'),
      ),
      examples: { docs: assumedList([{ ...docs.createCharacterResponse.data, system_character: false }], 'shape assumed from create') },
    },
    errors: QUERY_ERRORS,
    effect: 'read',
    paged: true,
    provenance: documented('listCharacters', 'response not visible in the docs'),
  },
} satisfies Record<string, OperationEntry>;
