// The relations the service keeps: between a request and what it makes, and between reads of the
// same resources over time. Each is a behaviour rule with its basis, split where the sources stop:
// "batch size is the number of media generated" is the interface's; that a body of several items
// makes one media per item under one generation is ours. The conformance suite judges them on every
// history it sees (a live run, a recording, the proxy).
import { type AssumedProvenance, assumption, type SourcedProvenance, stated } from '../provenance.js';

/** A relation rule: a behaviour rule (../behaviour.ts reads them as its own; written here without importing it, which imports these). */
type RelationRule = { id: string; description: string } & (Omit<SourcedProvenance, 'constraints'> | Omit<AssumedProvenance, 'constraints'>);

const assume = (id: string, description: string, claim: string): RelationRule => ({ id, description, ...assumption(claim) });

export const RELATION_RULES: readonly RelationRule[] = [
  // What was asked against what came back.
  {
    id: 'batch_size_media_count',
    description: 'A generation of one item asking for batch_size N (a model or style generation) makes N media items.',
    ...stated('requestBody', 'Number of media generated.'),
  },
  assume(
    'media_per_item',
    'A generation body makes, for each of its items, batch_size media (1 when not given; 1 for a kind that reads only its own object), all under one generation id.',
    'a body of several items is one generation with the media of all its items, and an item without batch_size makes one media item (neither how an array maps to generations nor the default batch size is shown)',
  ),
  {
    id: 'aspect_ratio_honoured',
    description:
      'A finished media item of a one-item model or style generation that asked for an aspect ratio has that aspect ratio: its dim is nearer to it than to any other listed ratio (with Flux and a control net the control image decides).',
    ...stated(
      'requestBody',
      'Aspect ratio of the generated image.',
      'the nearest listed ratio: image sizes are rounded to what a model renders (1344×768 for 16:9)',
    ),
  },
  {
    id: 'image_kind_makes_images',
    description: 'A model or style generation makes media of type image.',
    ...stated('service', 'standard image generation with a model or a style'),
  },
  // What was deleted stays deleted: judged on every later read by the deletion rules themselves
  // (deleted_media_gone, deleted_generation_gone: "no longer served"), which a run now reads again at its end.
  // A generation is tracked by its identifier while it is made.
  {
    id: 'generation_tracked_while_in_progress',
    description:
      'A generation can be read by its id while its media are still being made: get generation does not answer "not found" for a generation whose media are seen in progress after it.',
    ...stated('service', 'The identifier is used to track the status of the generation'),
  },
  // Listing figures.
  assume(
    'page_total_steady',
    'The pages of one walk through a listing report the same total, when nothing was created or deleted in between.',
    'pagination.total is the size of the whole listing, the same on every page (the docs show the field, not what it counts)',
  ),
  assume(
    'page_total_counts_items',
    'pagination.total counts the listing\u2019s items: a page holds what is left of them, a walk to the last page holds total items, and it moves by exactly what the run created and deleted.',
    'pagination.total counts the items of the listing as filtered (the docs show total: 100 beside one item, not what it counts)',
  ),
];
