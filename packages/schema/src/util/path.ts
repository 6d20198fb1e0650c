// The path-precise wording every validation in the toolkit uses (`[0].video_anyone.prompt: at most
// 500 characters`): client, sandbox, conformance and media-validate print one form.

export type IssuePath = ReadonlyArray<string | number>;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `[0].video_anyone.prompt`; a key that is not a plain name is quoted (`[0]["my key"]`); `(root)` for the value itself. */
export function formatPath(path: IssuePath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (!IDENTIFIER.test(segment)) out += `[${JSON.stringify(segment)}]`;
    else out += out ? `.${segment}` : segment;
  }
  return out || '(root)';
}

/** `path: message`, the one form an issue is printed in. */
export function formatIssue(issue: { path: IssuePath; message: string }): string {
  return `${formatPath(issue.path)}: ${issue.message}`;
}
