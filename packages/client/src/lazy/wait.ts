// Waiting for a generation: getGeneration (through the client's own method, so every poll is a
// call like any other) until every media item is `success`, `failed` or `censored`. Progress is
// reported after the first poll and then only when a media item's status changes.
import type { Generation, RequestOptions } from '../types.js';
import type { GenerationOutcome, GenerationProgress, WaitForGenerationOptions } from '../waits.js';
import type { Kit } from './kit.js';
import { poll, type UnknownStatus } from './poll.js';

/** The media items; one that is not an object (a broken answer) counts as an item of unknown status. */
function mediaOf(generation: Generation): Generation['media'] {
  return Array.isArray(generation.media)
    ? generation.media.map((item) => (item !== null && typeof item === 'object' ? item : ({ status: String(item) } as never)))
    : [];
}

function progressOf(kit: Kit, generation: Generation): GenerationProgress {
  const media = mediaOf(generation);
  let done = 0;
  for (const item of media) if (kit.terminal.has(item.status)) done++;
  return { generation, done, total: media.length };
}

function outcomeOf(generation: Generation): GenerationOutcome {
  const media = mediaOf(generation);
  const succeeded = media.filter((item) => item.status === 'success');
  // `failed` and `censored`: terminal, without media to show.
  const failed = media.filter((item) => item.status !== 'success');
  return { generation, succeeded, failed, ok: failed.length === 0 };
}

function unknownOf(kit: Kit, generation: Generation): UnknownStatus | undefined {
  for (const item of mediaOf(generation)) if (!kit.mediaStatuses.has(item.status)) return { id: String(item.id), status: String(item.status) };
  return undefined;
}

/** What waiting needs of the client. */
export interface WaitDeps {
  get(generationId: string, options: RequestOptions): Promise<Generation>;
  redact(text: string): string;
}

/** What a progress report is about: each media item's id and status, in order. */
const statesOf = (generation: Generation) => JSON.stringify(mediaOf(generation).map((item) => [item.id, item.status]));

export function waitForGeneration(
  kit: Kit,
  { get, redact }: WaitDeps,
  generationId: string,
  waitOptions: WaitForGenerationOptions = {},
): Promise<GenerationOutcome> {
  const { onProgress } = waitOptions;
  let reported: string | undefined;
  return poll(
    kit,
    {
      what: redact(`generation ${generationId}`),
      redact,
      operationId: kit.operations.getGeneration.id,
      fetch: (signal) => get(generationId, { signal }),
      isDone: (generation) => {
        const progress = progressOf(kit, generation);
        return progress.total > 0 && progress.done === progress.total;
      },
      onEach: (generation) => {
        if (!onProgress) return;
        const states = statesOf(generation);
        if (states === reported) return;
        reported = states;
        onProgress(progressOf(kit, generation));
      },
      describe: (generation) => {
        const progress = progressOf(kit, generation);
        return `${progress.done} of ${progress.total} media finished`;
      },
      unknown: (generation) => unknownOf(kit, generation),
    },
    waitOptions,
  ).then(outcomeOf);
}
