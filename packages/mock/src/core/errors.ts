// Typed failures of starting a mock. The CLI maps each to one line on stderr and exit code 2;
// programmatic callers can branch on `code`.

import { InvalidVersionError } from './versions.js';

export type MockErrorCode = 'port_in_use' | 'document_not_found' | 'prism_failed' | 'invalid_version' | 'invalid_option';

export class MockError extends Error {
  readonly code: MockErrorCode;
  constructor(code: MockErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MockError';
    this.code = code;
  }
}

/** The requested port is taken (or not allowed) on that host. */
export class PortInUseError extends MockError {
  readonly host: string;
  readonly port: number;
  constructor(host: string, port: number, cause?: unknown) {
    super('port_in_use', `port ${port} on ${host} is already in use; choose another with --port (or leave it out for a free one)`, { cause });
    this.name = 'PortInUseError';
    this.host = host;
    this.port = port;
  }
}

/** The OpenAPI document to serve is not there (e.g. a version not emitted yet). */
export class DocumentNotFoundError extends MockError {
  readonly document: string;
  constructor(document: string, detail: string) {
    super('document_not_found', `OpenAPI document ${document} not found: ${detail}`);
    this.name = 'DocumentNotFoundError';
    this.document = document;
  }
}

/**
 * The lines of Prism's output that say what went wrong: its error and fatal lines, without the
 * indented usage text and stack frames around them; else its last few lines.
 */
export function summarizePrismOutput(output: string): string[] {
  const lines = output.split('\n').filter((line) => line.trim() !== '' && !/^\s/.test(line));
  const errors = lines.filter((line) => /error|fatal|✖|EADDRINUSE/i.test(line));
  // Prism's log lines start with `[time] › `.
  return (errors.length > 0 ? errors : lines).slice(-5).map((line) => line.replace(/^\[[^\]]*\]\s*›\s*/, ''));
}

/** Prism exited, or did not say it was listening in time. `output` is all it printed. */
export class PrismStartError extends MockError {
  readonly exitCode: number | null;
  readonly output: string;
  constructor(message: string, output: string, exitCode: number | null) {
    const summary = summarizePrismOutput(output);
    super('prism_failed', summary.length > 0 ? `${message}: ${summary.join(' | ')}` : message);
    this.name = 'PrismStartError';
    this.exitCode = exitCode;
    this.output = output;
  }
}

/** A failure while reading the options of a mock, as the typed error callers branch on. */
export function startupError(error: unknown): unknown {
  if (error instanceof InvalidVersionError) return new MockError('invalid_version', error.message, { cause: error });
  if (error instanceof RangeError) return new MockError('invalid_option', error.message, { cause: error });
  return error;
}
