// The issues of a refused request: what the client's own checks found, or what the service's
// message lists in the toolkit's path-precise form (`[0].steps: must be ≤ 3020`).
import { formatIssue, formatPath, type IssuePath } from '@mediagen/schema/util';

export { formatIssue, formatPath as formatIssuePath };

/** A path-precise problem in a request: `[0].video_anyone.prompt: at most 500 characters`. */
export interface ValidationIssue {
  readonly path: IssuePath;
  readonly message: string;
  /** Machine-readable kind, e.g. `too_big`, `unknown_resource`, `ignored_field`; the envelope's `err.code` for issues the service listed. */
  readonly code: string;
  /** The schema package's rule id, when the issue comes from its validator. */
  readonly rule?: string;
  /** Where that rule comes from (`interface`, `live-docs`, `assumption`, …). */
  readonly source?: string;
  /** `error` or `warning`. */
  readonly severity?: string;
}

/**
 * The issues of a service's validation message, when it lists them in the toolkit's form
 * (`[0].steps: must be ≤ 3020; [0].prompt.positive: required`); none when its first part does not
 * start with a path. A `; ` inside an issue's message stays in that message.
 */
export function issuesInMessage(message: string, code: string): ValidationIssue[] {
  const issues: { path: IssuePath; message: string; code: string }[] = [];
  for (const part of message.split('; ')) {
    const colon = part.indexOf(': ');
    const path = colon > 0 ? parsePath(part.slice(0, colon)) : undefined;
    if (path) issues.push({ path, message: part.slice(colon + 2), code });
    else if (issues.length > 0) issues[issues.length - 1]!.message += `; ${part}`;
    else return [];
  }
  return issues;
}

/** The toolkit's path form read back (`[0].video_anyone.prompt`, `[0]["my key"]`, `(root)`); undefined when the text is not one. */
function parsePath(text: string): IssuePath | undefined {
  if (text === '(root)') return [];
  const path: (string | number)[] = [];
  const token = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|(?:^|\.)([A-Za-z_$][A-Za-z0-9_$]*)/y;
  for (let at = 0; at < text.length; at = token.lastIndex) {
    token.lastIndex = at;
    const match = token.exec(text);
    if (!match || text[0] === '.') return undefined;
    path.push(match[1] !== undefined ? Number(match[1]) : match[2] !== undefined ? (JSON.parse(match[2]) as string) : match[3]!);
  }
  return path.length > 0 ? path : undefined;
}
