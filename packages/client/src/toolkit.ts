// The core's parts that the lazily loaded code uses, handed to it as one object (see lazy/kit.ts for
// why they are not imported there).
import { UPLOAD_CONTENT_TYPES } from '@mediagen/schema/util';
import { AbortError, PageLimitError, TimeoutError, UnknownStatusError, UploadError } from './errors/index.js';
import { OPERATIONS } from './generated/operations.js';
import type { Kit } from './lazy/kit.js';
import { MEDIA_STATUSES, MIN_POLL_INTERVAL_MS, POLL_DEFAULTS, TERMINAL_STATUSES } from './polling.js';
import { Failure, retrying } from './retry.js';
import { ABORTED, countOption, durationOption, isRetryableStatus, sleep } from './timing.js';

export const KIT: Kit = {
  AbortError,
  TimeoutError,
  UnknownStatusError,
  UploadError,
  PageLimitError,
  Failure,
  retrying,
  ABORTED,
  sleep,
  durationOption,
  countOption,
  isRetryableStatus,
  polling: { defaults: POLL_DEFAULTS, minIntervalMs: MIN_POLL_INTERVAL_MS },
  mediaStatuses: MEDIA_STATUSES,
  terminal: TERMINAL_STATUSES,
  operations: OPERATIONS,
  uploadContentTypes: UPLOAD_CONTENT_TYPES,
};
