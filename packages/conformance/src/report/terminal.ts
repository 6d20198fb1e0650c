// What reaches a terminal: escaped (a server's ids and messages can carry ANSI sequences that clear the
// screen or fake a line; every control character is shown as an escape, not obeyed), and coloured only
// where it helps and only when asked: a TTY without NO_COLOR, or --color.

const asHexEscape = (ch: string) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** Control characters (C0 but newline and tab, DEL, C1) shown as `\xNN`, never obeyed. */
export function escapeTerminal(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, asHexEscape);
}

/**
 * Every control character shown as `\xNN`, newline and tab too: for one value (an id, a message) that
 * a server chose, which must not start a line of its own (a CRLF in it would fake a line of the report).
 */
export function escapeValue(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, asHexEscape);
}

/** A deep copy with every string escaped as one value: what a server sent can then be printed with our own colours and lines. */
export function escapeDeep<T>(value: T): T {
  if (typeof value === 'string') return escapeValue(value) as T;
  if (Array.isArray(value)) return value.map(escapeDeep) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[escapeValue(key)] = escapeDeep(item);
    return out as T;
  }
  return value;
}

export interface Palette {
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

const COLOURS: Palette = { red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
const PLAIN: Palette = { red: (t) => t, green: (t) => t, yellow: (t) => t, dim: (t) => t, bold: (t) => t };

export function palette(color: boolean): Palette {
  return color ? COLOURS : PLAIN;
}

/** Colour by default on a TTY, never with NO_COLOR set (https://no-color.org), always or never when told. */
export function wantsColor(choice: 'auto' | 'always' | 'never', isTty: boolean, env: Record<string, string | undefined>): boolean {
  if (choice === 'always') return true;
  if (choice === 'never') return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return isTty && env.TERM !== 'dumb';
}

/** The longest line a failure shows on a terminal or in a test runner (the reports keep every character). */
export const MAX_SHOWN_LINE = 2_000;

/** A line cut to `max` characters, saying how many were cut and where the whole is. */
export function shownLine(text: string, max = MAX_SHOWN_LINE): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [${text.length - max} more characters cut: the whole line is in the JSON, JUnit and HTML reports]`;
}
