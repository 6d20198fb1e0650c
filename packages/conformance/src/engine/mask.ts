// The API key never leaves the run: every string that reaches a console, a report file, a curl line
// or an error message goes through a masker that knows the secrets of the run.

export const MASK = '***';

export class Masker {
  private readonly secrets: string[];

  constructor(secrets: readonly (string | undefined)[]) {
    // Longest first, so a key that contains another is masked whole.
    this.secrets = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length > 0))].sort((a, b) => b.length - a.length);
  }

  /** The text with every secret replaced by `***`. */
  text(value: string): string {
    let out = value;
    for (const secret of this.secrets) out = out.split(secret).join(MASK);
    // Encoded forms (a key in a URL or a JSON string) are masked too.
    for (const secret of this.secrets) {
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret) out = out.split(encoded).join(MASK);
      const json = JSON.stringify(secret).slice(1, -1);
      if (json !== secret) out = out.split(json).join(MASK);
    }
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
