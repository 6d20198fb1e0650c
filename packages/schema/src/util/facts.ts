// The contract's plain facts, as constants every package imports instead of restating: the status
// vocabularies, the asset kinds and the content types their uploads take, the header and host of the
// live service. The zod schemas are built from these lists, so a fact written here is the contract's.
// No zod here: the client's core and the mocks' edges read them for free.

/** The live service (docs' curl examples). */
export const LIVE_BASE_URL = 'https://api.rendernet.ai';
/** The header every operation takes (interface description, Authentication; every docs page). */
export const API_KEY_HEADER = 'X-API-KEY';

/** Kinds of media a generation produces (get generation and get media list image, video). */
export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaTypeValue = (typeof MEDIA_TYPES)[number];

/**
 * Every media status a source lists: `initiated` (generate response), `pending`, `success`, `failed`
 * (get/list) and `censored` (the deprecated status endpoints, which report the same media).
 */
export const MEDIA_STATUSES = ['initiated', 'pending', 'success', 'failed', 'censored'] as const;
export type MediaStatusValue = (typeof MEDIA_STATUSES)[number];
/** Statuses after which a media item no longer changes. */
export const TERMINAL_MEDIA_STATUSES: readonly MediaStatusValue[] = ['success', 'failed', 'censored'];
/** The statuses the list-generations filter takes (docs: success, failed). */
export const GENERATION_FILTER_STATUSES = ['success', 'failed'] as const;
/**
 * The deprecated status endpoints report per image, with `censored` as a third outcome; `pending`
 * (an image still being made) is our addition: the docs list only outcomes.
 */
export const LEGACY_IMAGE_STATUSES = ['pending', 'success', 'failed', 'censored'] as const;

/** Kinds of asset an upload reserves (v2 upload's `type`; v1 uploads are images). */
export const ASSET_TYPES = ['image', 'video', 'audio'] as const;
export type AssetTypeValue = (typeof ASSET_TYPES)[number];
/**
 * Asset statuses seen: `pending` after upload and `archive` after archiving (docs examples); `active`
 * and `failed` are what third-party clients poll v2 assets for.
 */
export const ASSET_STATUSES = ['pending', 'active', 'failed', 'archive'] as const;

/**
 * The content types an upload of each kind may carry, the default first. Video (mp4, webm) and audio
 * (mp3) are the v2 upload page's; the image formats are not listed anywhere, PNG and JPEG are ours.
 */
export const UPLOAD_CONTENT_TYPES = {
  image: ['image/png', 'image/jpeg'],
  video: ['video/mp4', 'video/webm'],
  audio: ['audio/mpeg'],
} as const satisfies Record<AssetTypeValue, readonly string[]>;

/** The content type an upload of this kind is sent with when the caller names none. */
export const defaultUploadContentType = (type: AssetTypeValue): string => UPLOAD_CONTENT_TYPES[type][0];

/**
 * The mark `createClient` adds to its `User-Agent`, naming the API date its shapes are (our convention,
 * not the API's: the service ignores it). A reader of recorded traffic (usage, upgrade) reads the
 * client's own exchanges at that date instead of guessing it from shapes several dates share.
 */
export const clientUserAgent = (date: string): string => `mediagen-client (api ${date})`;

/** The API date a `User-Agent` names by clientUserAgent's mark, if it has one. */
export function clientDateOf(userAgent: string | undefined): string | undefined {
  return userAgent ? /\bmediagen-client \(api (\d{4}-\d{2}-\d{2}|baseline)\)/.exec(userAgent)?.[1] : undefined;
}
