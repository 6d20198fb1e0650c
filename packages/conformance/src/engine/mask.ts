// The API key never leaves the run: every value the run records (a header, a URL, a body, a curl
// line, a message) is masked as it is recorded, never by rewriting a finished report's text. A key
// is masked where it stands as a value: a whole token, not any substring, so a one-letter key does
// not turn `skipped` into `s***ipped` and cannot break the JSON or XML a report is written as.

export const MASK = '***';

/** Keys this long are masked wherever they occur: no ordinary word contains one by chance. */
const SUBSTRING_MIN_LENGTH = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class Masker {
  private readonly patterns: RegExp[];
  private readonly secrets: string[];

  constructor(secrets: readonly (string | undefined)[]) {
    // Longest first, so a key that contains another is masked whole.
    this.secrets = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length > 0))].sort((a, b) => b.length - a.length);
    const forms = new Set<string>();
    for (const secret of this.secrets) {
      forms.add(secret);
      forms.add(encodeURIComponent(secret));
      forms.add(JSON.stringify(secret).slice(1, -1));
    }
    this.patterns = [...forms]
      .sort((a, b) => b.length - a.length)
      .map((form) =>
        form.length >= SUBSTRING_MIN_LENGTH
          ? new RegExp(escapeRegExp(form), 'g')
          : // A short key only where it stands alone: not inside a word or another token.
            new RegExp(`(?<![\\p{L}\\p{N}_\\-.~%])${escapeRegExp(form)}(?![\\p{L}\\p{N}_\\-.~%])`, 'gu'),
      );
  }

  /** Whether the value is one of the secrets (a header or query value). */
  isSecret(value: string): boolean {
    return this.secrets.includes(value);
  }

  /** The text with every secret that stands as a value replaced by `***`. */
  text(value: string): string {
    if (this.patterns.length === 0) return value;
    let out = value;
    for (const pattern of this.patterns) out = out.replace(pattern, MASK);
    return out;
  }

  /** A deep copy of a JSON value with every string value masked (property names are the suite's own). */
  json<T>(value: T): T {
    if (typeof value === 'string') return this.text(value) as T;
    if (Array.isArray(value)) return value.map((item) => this.json(item)) as T;
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) out[key] = this.json(item);
      return out as T;
    }
    return value;
  }
}
