// Reads an evidence file (`mediagen-evidence/1`, written by `media-conformance --evidence`) for the
// site: every assumption a run has judged, with its latest verdict. The file is checked whole before
// the site is built, and the first thing wrong is named by its path in the file, in one line.
import { readFile } from 'node:fs/promises';

export const EVIDENCE_FORMAT = 'mediagen-evidence/1';
const VERDICTS = ['confirmed', 'refuted'];
const SOURCES = ['run', 'proxy', 'har'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** `Component.field`, `operation:<operationId>` or `rule:<ruleId>` (a rule id may itself be dotted). */
const ID = /^(operation:[A-Za-z_][\w]*|rule:[A-Za-z_][\w.-]*|[A-Za-z_][\w]*\.[A-Za-z_][\w]*)$/;

/** A malformed evidence file: `message` is one line that names the file and what is wrong. */
export class EvidenceError extends Error {
  name = 'EvidenceError';
}

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const show = (value) => (value === undefined ? 'nothing' : JSON.stringify(value)?.slice(0, 60));
const key = (name) => (/^[A-Za-z_]\w*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`);

/** Checks one value at `path`; throws with the path and what was expected. */
function expect(ok, path, wanted, value) {
  if (!ok) throw new EvidenceError(`${path} must be ${wanted}, got ${show(value)}`);
}

function checkString(value, path, pattern, wanted = 'a non-empty string') {
  expect(typeof value === 'string' && value.length > 0 && (!pattern || pattern.test(value)), path, wanted, value);
}

function checkCount(value, path) {
  expect(Number.isInteger(value) && value >= 0, path, 'a whole number ≥ 0', value);
}

function checkRun(run, path) {
  expect(isObject(run), path, 'an object', run);
  checkString(run.date, `${path}.date`, INSTANT, 'an ISO 8601 time (2026-11-20T10:00:00.000Z)');
  checkString(run.origin, `${path}.origin`);
  expect(SOURCES.includes(run.source), `${path}.source`, 'one of "run", "proxy", "har"', run.source);
  checkString(run.version, `${path}.version`);
  expect(VERDICTS.includes(run.verdict), `${path}.verdict`, '"confirmed" or "refuted"', run.verdict);
  if (run.exchange === undefined) return;
  const exchange = run.exchange;
  expect(isObject(exchange), `${path}.exchange`, 'an object', exchange);
  checkString(exchange.method, `${path}.exchange.method`);
  checkString(exchange.url, `${path}.exchange.url`);
  expect(Number.isInteger(exchange.status), `${path}.exchange.status`, 'an HTTP status', exchange.status);
  for (const field of ['curl', 'observed']) {
    if (exchange[field] !== undefined) expect(typeof exchange[field] === 'string', `${path}.exchange.${field}`, 'a string', exchange[field]);
  }
}

function checkAssumption(entry, path) {
  expect(isObject(entry), path, 'an object', entry);
  checkString(entry.claim, `${path}.claim`);
  expect(isObject(entry.latest), `${path}.latest`, 'an object', entry.latest);
  expect(VERDICTS.includes(entry.latest.verdict), `${path}.latest.verdict`, '"confirmed" or "refuted"', entry.latest.verdict);
  checkString(entry.latest.date, `${path}.latest.date`, DAY, 'a date YYYY-MM-DD');
  checkString(entry.latest.origin, `${path}.latest.origin`);
  checkCount(entry.for, `${path}.for`);
  checkCount(entry.against, `${path}.against`);
  expect(Array.isArray(entry.runs) && entry.runs.length > 0, `${path}.runs`, 'a non-empty array', entry.runs);
  entry.runs.forEach((run, i) => {
    checkRun(run, `${path}.runs[${i}]`);
  });
}

/**
 * Checks a parsed evidence file and returns its assumptions as a Map keyed by id, each with the
 * latest run (the last one: runs are oldest first) for the detail a reader sees.
 */
export function parseEvidence(data) {
  expect(isObject(data), 'the file', 'a JSON object', data);
  expect(data.format === EVIDENCE_FORMAT, 'format', `"${EVIDENCE_FORMAT}"`, data.format);
  expect(isObject(data.assumptions), 'assumptions', 'an object keyed by assumption id', data.assumptions);
  const evidence = new Map();
  for (const [id, entry] of Object.entries(data.assumptions)) {
    const path = `assumptions${key(id)}`;
    expect(ID.test(id), `the key of ${path}`, 'Component.field, operation:<operationId> or rule:<ruleId>', id);
    checkAssumption(entry, path);
    evidence.set(id, { ...entry, lastRun: entry.runs[entry.runs.length - 1] });
  }
  return evidence;
}

/** Reads and checks `file`; a missing or malformed file is an EvidenceError naming the file. */
export async function readEvidence(file) {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new EvidenceError(`evidence file ${file}: cannot be read (${err.code ?? err.message})`);
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new EvidenceError(`evidence file ${file}: not JSON (${err.message.split('\n')[0]})`);
  }
  try {
    return parseEvidence(data);
  } catch (err) {
    if (err instanceof EvidenceError) throw new EvidenceError(`evidence file ${file}: ${err.message}`);
    throw err;
  }
}
