// The engine: runs every selected check against one target and returns the report. Order of a run:
// start (or reach) the target, discover the catalogue, create fixtures (stateful targets in full
// mode), then per operation the examples, the hand-written cases, the auth checks and the generated
// requests; then the stateful sequences; finally everything created is deleted, whatever happened.
import fc from 'fast-check';
import { type OperationSpec, assumptions, fingerprintResponse, latestDate, operationList, operationsById, operationsWhere } from '@mediagen/schema';
import { type CheckId, CHECK_IDS, CHECKS, checksById, gridCells, isCheckId } from '../checks/catalog.js';
import { type RequestCase, baseItem, casesFor } from '../checks/cases.js';
import { type Verdict, errorObject, isSuccess, responseVerdicts } from '../checks/response.js';
import { propertiesFor } from '../fuzz/properties.js';
import { BudgetExceeded, BudgetTracker } from './budget.js';
import { CleanupRegistry } from './cleanup.js';
import { transformPlan } from './document.js';
import { type Fixtures, bindToTarget, emptyFixtures } from './fixtures.js';
import { type AuthMode, type Exchange, HttpClient, requestFor, toCurl } from './http.js';
import { Masker } from './mask.js';
import { greyPng } from './png.js';
import { ProvenanceTracker } from './provenance.js';
import { type ResolvedTarget, type TargetOptions, resolveTarget } from './target.js';
import {
  type CheckResult,
  type Failure,
  type FingerprintReport,
  type Mode,
  type OperationReport,
  type Phase,
  type ProgressEvent,
  type Report,
  RunError,
} from './types.js';
import { runStateful } from './stateful.js';

export interface ConformanceOptions extends TargetOptions {
  /** Seed of every generated request (default 1). */
  seed?: number;
  /** Only these checks (ids). */
  only?: readonly string[];
  /** Leave these checks out (ids). */
  skip?: readonly string[];
  /** Generated requests per operation, split between valid and invalid ones (default 50; 0 turns generation off). */
  maxExamples?: number;
  /** Only these operations (operationIds). */
  operations?: readonly string[];
  /** Requests in flight at once (default 6 on loopback, 2 on a live host). */
  concurrency?: number;
  /** Per-request time limit in milliseconds (default 15 000). */
  timeoutMs?: number;
  /** How long lifecycle_terminal waits for media to finish (default 30 000 ms). */
  lifecycleTimeoutMs?: number;
  /** Progress events, already masked (the console reporter listens here). */
  onEvent?: (event: ProgressEvent) => void;
}

export type Expectation = 'accept' | 'reject' | 'missing-key' | 'wrong-key' | 'none';

interface Cell {
  passes: number;
  failures: Failure[];
  failureCount: number;
  skipReason?: string;
}

/** Failures kept per cell (the count covers all of them). */
const FAILURES_KEPT = 5;

async function mapLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  });
  await Promise.all(workers);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates the options that need no network; throws RunError. */
export function selectedChecks(options: Pick<ConformanceOptions, 'only' | 'skip'>): CheckId[] {
  const unknown = [...(options.only ?? []), ...(options.skip ?? [])].filter((id) => !isCheckId(id));
  if (unknown.length > 0) throw new RunError(`unknown check id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (known: ${CHECK_IDS.join(', ')})`);
  const only = options.only?.length ? new Set(options.only) : undefined;
  const skip = new Set(options.skip ?? []);
  return CHECK_IDS.filter((id) => (!only || only.has(id)) && !skip.has(id));
}

function checkOptions(options: ConformanceOptions): void {
  const count = (name: string, value: number | undefined) => {
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) throw new RunError(`${name} must be a whole number ≥ 0, got ${value}`);
  };
  count('--max-examples', options.maxExamples);
  count('--seed', options.seed);
  if (options.maxCredits !== undefined && (!Number.isFinite(options.maxCredits) || options.maxCredits < 0)) {
    throw new RunError(`--max-credits must be a number ≥ 0, got ${options.maxCredits}`);
  }
  if (options.mode !== undefined && options.mode !== 'read-only' && options.mode !== 'full') {
    throw new RunError(`--mode must be read-only or full, got ${JSON.stringify(options.mode)}`);
  }
  const unknownOps = (options.operations ?? []).filter((id) => !operationsById[id]);
  if (unknownOps.length > 0) throw new RunError(`unknown operation${unknownOps.length > 1 ? 's' : ''}: ${unknownOps.join(', ')}`);
}

/** Runs the suite and returns the report. Throws RunError when the run could not happen. */
export async function runConformance(options: ConformanceOptions = {}): Promise<Report> {
  checkOptions(options);
  const selected = selectedChecks(options);
  const target = await resolveTarget(options);
  try {
    const run = new Run(target, options, selected);
    return await run.execute();
  } finally {
    await target.stop();
  }
}

export class Run {
  readonly http: HttpClient;
  readonly masker: Masker;
  readonly budget: BudgetTracker;
  readonly cleanup = new CleanupRegistry();
  readonly provenance = new ProvenanceTracker(assumptions());
  readonly selected: Set<CheckId>;
  readonly ops: OperationSpec[];
  fixtures: Fixtures;
  readonly notes: string[] = [];
  private readonly cells = new Map<string, Cell>();
  private readonly requestsByOp = new Map<string, number>();
  private readonly fingerprints = new Map<string, Map<string, number>>();
  readonly seed: number;
  readonly maxExamples: number;
  readonly concurrency: number;
  readonly runTag: string;
  private readonly started = Date.now();

  constructor(
    readonly target: ResolvedTarget,
    readonly options: ConformanceOptions,
    selected: readonly CheckId[],
  ) {
    this.http = new HttpClient({ baseUrl: target.baseUrl, apiKey: target.apiKey, timeoutMs: options.timeoutMs ?? 15_000, retries429: 3 });
    this.masker = new Masker([target.apiKey, options.apiKey]);
    this.budget = new BudgetTracker(options.maxCredits);
    this.selected = new Set(selected);
    this.ops = operationList.filter((op) => !options.operations?.length || options.operations.includes(op.operationId));
    this.fixtures = emptyFixtures(false);
    this.seed = options.seed ?? 1;
    this.maxExamples = options.maxExamples ?? 50;
    this.concurrency = options.concurrency ?? (target.live ? 2 : 6);
    this.runTag = `${this.seed}_${Date.now().toString(36)}`;
  }

  get mode(): Mode {
    return this.target.mode;
  }

  /** Creating, spending and deleting requests may be sent. */
  get writes(): boolean {
    return this.mode === 'full';
  }

  emit(event: ProgressEvent): void {
    this.options.onEvent?.(this.masker.json(event));
  }

  note(message: string): void {
    const masked = this.masker.text(message);
    this.notes.push(masked);
    this.emit({ type: 'note', message: masked });
  }

  // --- recording ---------------------------------------------------------------------------------

  private cell(operationId: string, check: CheckId): Cell {
    const key = `${operationId}|${check}`;
    let cell = this.cells.get(key);
    if (!cell) {
      cell = { passes: 0, failures: [], failureCount: 0 };
      this.cells.set(key, cell);
    }
    return cell;
  }

  pass(operationId: string, check: CheckId, count = 1): void {
    if (this.selected.has(check)) this.cell(operationId, check).passes += count;
  }

  fail(operationId: string, check: CheckId, failure: Failure): void {
    if (!this.selected.has(check)) return;
    const cell = this.cell(operationId, check);
    cell.failureCount++;
    const masked = this.masker.json(failure);
    // Shrunk counterexamples (one per property at most) are always kept.
    const room = cell.failures.filter((f) => !f.shrunk).length < FAILURES_KEPT || masked.shrunk !== undefined;
    if (room && !cell.failures.some((f) => f.message === masked.message)) cell.failures.push(masked);
  }

  /** Marks a cell skipped (unless something was judged there). */
  skip(operationId: string, check: CheckId, reason: string): void {
    if (!this.selected.has(check)) return;
    const cell = this.cell(operationId, check);
    cell.skipReason ??= this.masker.text(reason);
  }

  skipAll(check: CheckId, reason: string): void {
    for (const op of this.ops) if (checksById[check].appliesTo(op)) this.skip(op.operationId, check, reason);
  }

  /** A verdict from a sequence (stateful checks), with the exchange that decided it. */
  judge(operationId: string, check: CheckId, ok: boolean, message: string, phase: Phase, exchange?: Exchange): void {
    if (ok) this.pass(operationId, check);
    else {
      this.fail(operationId, check, {
        message,
        phase,
        ...(exchange ? { curl: toCurl(this.target.baseUrl, exchange.request), status: exchange.status, label: exchange.request.label } : {}),
      });
    }
  }

  // --- requests ----------------------------------------------------------------------------------

  /** Sends a request without judging it (cleanup, polling). */
  async raw(c: RequestCase, auth: AuthMode = 'valid'): Promise<Exchange> {
    const op = operationsById[c.operationId]!;
    const exchange = await this.http.send(requestFor(op, { ...c, auth }));
    this.requestsByOp.set(op.operationId, (this.requestsByOp.get(op.operationId) ?? 0) + 1);
    return exchange;
  }

  private expectationVerdict(op: OperationSpec, exchange: Exchange, expect: Expectation): Verdict | undefined {
    const status = exchange.status;
    if (status === 0 || expect === 'none') return undefined;
    const err = errorObject(exchange.json);
    const said = err ? ` (${err.code}: ${err.message})` : '';
    switch (expect) {
      case 'accept':
        if (isSuccess(status)) return { check: 'positive_data_acceptance', ok: true };
        // Not enough credits says nothing about the request's validity.
        if (status === 402 && (op.spendsCredits || op.operationId === 'estimateGeneration')) return undefined;
        return { check: 'positive_data_acceptance', ok: false, message: `valid request rejected with status ${status}${said}` };
      case 'reject':
        if (isSuccess(status)) return { check: 'negative_data_rejection', ok: false, message: `invalid request accepted with status ${status}` };
        if (status < 400 || status >= 500 || status === 401 || status === 402 || status === 429) {
          return { check: 'negative_data_rejection', ok: false, message: `invalid request answered ${status}${said}, expected a 4xx validation error` };
        }
        if (!err) return { check: 'negative_data_rejection', ok: false, message: `invalid request rejected with ${status} but without err = { code, message }` };
        return { check: 'negative_data_rejection', ok: true };
      case 'missing-key':
      case 'wrong-key': {
        const check: CheckId = expect === 'missing-key' ? 'auth_required' : 'ignored_auth';
        const how = expect === 'missing-key' ? 'without X-API-KEY' : 'with a wrong X-API-KEY';
        if (status !== 401) return { check, ok: false, message: `${how}: answered ${status}, expected 401` };
        if (!err) return { check, ok: false, message: `${how}: 401 without err = { code, message }` };
        return { check, ok: true };
      }
    }
  }

  /**
   * Sends one request and judges it: every response check, plus the expectation (accepted, rejected,
   * 401). `record: 'passes'` records only passes (generated requests whose failures are shrunk first).
   */
  async exercise(
    c: RequestCase,
    phase: Phase,
    expect: Expectation,
    opts: { record?: 'all' | 'passes'; auth?: AuthMode; shrunk?: Failure['shrunk'] } = {},
  ): Promise<{ exchange: Exchange; failed: boolean; verdicts: Verdict[] }> {
    const op = operationsById[c.operationId]!;
    const auth = opts.auth ?? (expect === 'missing-key' ? 'missing' : expect === 'wrong-key' ? 'wrong' : 'valid');
    const exchange = await this.raw(c, auth);
    const verdicts = responseVerdicts(op, exchange, { pagination: this.target.stateful });
    const data = this.expectationVerdict(op, exchange, expect);
    if (data) verdicts.push(data);
    const judged = verdicts.filter((v) => this.selected.has(v.check));
    const failed = judged.some((v) => !v.ok);
    const record = opts.record ?? 'all';
    const curl = toCurl(this.target.baseUrl, exchange.request);
    for (const v of judged) {
      if (v.ok) this.pass(op.operationId, v.check);
      else if (record === 'all') {
        this.fail(op.operationId, v.check, {
          message: `${c.label}: ${v.message ?? 'failed'}`,
          phase,
          label: c.label,
          curl,
          status: exchange.status,
          ...(opts.shrunk ? { shrunk: opts.shrunk } : {}),
        });
      }
    }
    if (record === 'all' || !failed) this.observe(op, exchange, verdicts, expect, c);
    this.afterResponse(op, exchange, c);
    return { exchange, failed, verdicts };
  }

  /** Fingerprint and provenance evidence of a judged exchange. */
  private observe(op: OperationSpec, exchange: Exchange, verdicts: Verdict[], expect: Expectation, c: RequestCase): void {
    if (exchange.status === 0) return;
    const schema = verdicts.find((v) => v.check === 'response_schema_conformance');
    this.provenance.observeResponse(op, exchange.status, exchange.json, {
      ok: schema?.ok ?? true,
      ...(schema?.path ? { path: schema.path } : {}),
      ...(schema?.message ? { message: schema.message } : {}),
    });
    if (expect === 'accept' && isSuccess(exchange.status)) this.provenance.observeAcceptedRequest(op, c.body);
    if (expect === 'accept') {
      const status = verdicts.find((v) => v.check === 'status_code_conformance');
      const upheld = isSuccess(exchange.status) && exchange.status === op.success.status && (schema?.ok ?? true) && (status?.ok ?? true);
      this.provenance.observeOperation(op.operationId, upheld, `${c.label}: status ${exchange.status}${schema?.ok === false ? `, ${schema.message}` : ''}`);
    }
    if (c.assumption && (expect === 'reject' || expect === 'accept')) {
      const rejected = exchange.status >= 400 && exchange.status < 500;
      const upheld = expect === 'reject' ? rejected : isSuccess(exchange.status);
      this.provenance.observeCase(c.assumption, upheld, `${op.operationId}, ${c.label}: status ${exchange.status}`);
    }
    if (isSuccess(exchange.status)) {
      const version = fingerprintResponse(transformPlan(), op.operationId, exchange.status, exchange.json);
      if (version !== undefined) {
        const byVersion = this.fingerprints.get(op.operationId) ?? new Map<string, number>();
        byVersion.set(version, (byVersion.get(version) ?? 0) + 1);
        this.fingerprints.set(op.operationId, byVersion);
      }
    }
  }

  /** Registers what a successful request created, and forgets what it deleted. */
  private afterResponse(op: OperationSpec, exchange: Exchange, c: RequestCase): void {
    if (!isSuccess(exchange.status) || !this.target.stateful || !isObject(exchange.json)) return;
    const data = exchange.json.data;
    switch (op.operationId) {
      case 'generateMedia':
        if (isObject(data) && typeof data.generation_id === 'string') this.registerGeneration(data.generation_id);
        break;
      case 'uploadAsset':
        if (isObject(data) && isObject(data.asset) && typeof data.asset.id === 'string') this.registerAsset(data.asset.id);
        break;
      case 'uploadAssetV2':
        if (isObject(data) && typeof data.id === 'string') this.registerAsset(data.id);
        break;
      case 'createCharacter':
        if (isObject(data) && typeof data.id === 'string') this.cleanup.register({ kind: 'character', id: data.id });
        break;
      case 'deleteGeneration': {
        const id = decodeURIComponent(exchange.request.path.split('/').pop() ?? '');
        this.cleanup.markDeleted('generation', id);
        break;
      }
      case 'archiveAssets':
        if (isObject(c.body) && Array.isArray(c.body.ids)) for (const id of c.body.ids) if (typeof id === 'string') this.cleanup.markDeleted('asset', id);
        break;
    }
  }

  registerGeneration(id: string): void {
    this.cleanup.register({
      kind: 'generation',
      id,
      remove: async () => {
        const ex = await this.raw({ operationId: 'deleteGeneration', label: 'cleanup', params: { generation_id: id } });
        return isSuccess(ex.status) || ex.status === 404;
      },
    });
  }

  registerAsset(id: string): void {
    this.cleanup.register({
      kind: 'asset',
      id,
      remove: async () => {
        const ex = await this.raw({ operationId: 'archiveAssets', label: 'cleanup', body: { ids: [id] } });
        return isSuccess(ex.status) || ex.status === 404;
      },
    });
  }

  // --- generations within the budget -------------------------------------------------------------

  /**
   * Sends a generation, estimating it first when the run has a credit budget. Returns the exchange,
   * or a reason when it was not sent.
   */
  async generate(c: RequestCase, phase: Phase, expect: Expectation = 'accept'): Promise<{ exchange?: Exchange; refused?: string }> {
    let reserved = 0;
    if (this.budget.max !== undefined) {
      const estimate = await this.exercise({ ...c, operationId: 'estimateGeneration', label: `estimate before: ${c.label}` }, phase, 'accept');
      const data = isObject(estimate.exchange.json) ? estimate.exchange.json.data : undefined;
      const credits = isObject(data) ? Number(data.estimated) : Number.NaN;
      if (!isSuccess(estimate.exchange.status)) return { refused: `the estimate was refused (status ${estimate.exchange.status})` };
      try {
        this.budget.reserve(credits, `"${c.label}"`);
        reserved = credits;
      } catch (error) {
        if (error instanceof BudgetExceeded) {
          this.note(error.message);
          return { refused: error.message };
        }
        throw error;
      }
    }
    const result = await this.exercise({ ...c, operationId: 'generateMedia' }, phase, expect);
    if (!isSuccess(result.exchange.status)) this.budget.release(reserved);
    return { exchange: result.exchange };
  }

  /** Makes a generation of `items` items for a sequence; its id and media ids, or why not. */
  async makeGeneration(label: string, phase: Phase, items = 2): Promise<{ generationId: string; mediaIds: string[] } | { refused: string }> {
    const item = baseItem(this.fixtures);
    const body = Array.from({ length: items }, () => ({ ...item }));
    const { exchange, refused } = await this.generate({ operationId: 'generateMedia', label, body }, phase);
    if (!exchange) return { refused: refused ?? 'not sent' };
    const data = isObject(exchange.json) ? exchange.json.data : undefined;
    // An older server's `images` is read too, so the rest of the run can go on (renamed_fields reports it).
    const media = isObject(data) ? (data.media ?? data.images) : undefined;
    if (!isSuccess(exchange.status) || !isObject(data) || typeof data.generation_id !== 'string' || !Array.isArray(media)) {
      return { refused: `generate answered ${exchange.status} without a generation` };
    }
    const mediaIds = media.filter(isObject).map((m) => m.id).filter((id): id is string => typeof id === 'string');
    return { generationId: data.generation_id, mediaIds };
  }

  // --- setup -------------------------------------------------------------------------------------

  private async discoverCatalogue(): Promise<void> {
    const fixtures = this.fixtures;
    const read = async (operationId: string) => {
      if (!this.ops.some((o) => o.operationId === operationId) && this.ops.length < operationList.length) {
        return (await this.raw({ operationId, label: 'catalogue', query: { page_size: 50 } })).json;
      }
      return (await this.exercise({ operationId, label: 'catalogue listing (page_size 50)', query: { page: 1, page_size: 50 } }, 'setup', 'accept')).exchange.json;
    };
    const items = (json: unknown): Record<string, unknown>[] => (isObject(json) && Array.isArray(json.data) ? json.data.filter(isObject) : []);
    const named = (list: Record<string, unknown>[]) =>
      list.filter((i) => typeof i.name === 'string' && typeof i.base_model === 'string').map((i) => ({ name: i.name as string, base_model: i.base_model as string }));
    const [models, styles, controlnets, loras, voices] = await Promise.all(operationsWhere({ catalogue: true }).map((op) => read(op.operationId)));
    fixtures.catalogue = {
      models: named(items(models)),
      styles: named(items(styles)),
      loras: named(items(loras)),
      controlnets: named(items(controlnets)),
      voices: items(voices).filter((v) => typeof v.name === 'string').map((v) => ({ name: v.name as string })),
    };
  }

  /** Uploads an image asset of this size (slot, then the bytes); its id or undefined. */
  private async uploadImage(width: number, height: number, type: 'image' | 'video' | 'audio' = 'image'): Promise<string | undefined> {
    const { exchange } = await this.exercise(
      { operationId: 'uploadAssetV2', label: `fixture ${type} asset ${width}×${height}`, query: { type }, body: { size: { height, width } } },
      'setup',
      'accept',
    );
    const data = isObject(exchange.json) ? exchange.json.data : undefined;
    if (!isSuccess(exchange.status) || !isObject(data) || typeof data.id !== 'string') return undefined;
    if (typeof data.upload_url === 'string') {
      const bytes = type === 'image' ? greyPng(width, height) : new Uint8Array(256).fill(7);
      const contentType = type === 'image' ? 'image/png' : type === 'video' ? 'video/webm' : 'audio/mpeg';
      try {
        await fetch(data.upload_url, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes as Uint8Array<ArrayBuffer>, signal: AbortSignal.timeout(15_000) });
      } catch {
        this.note(`could not send the bytes of fixture asset ${data.id} to its upload URL`);
      }
    }
    if (type === 'image') this.fixtures.inputs[data.id] = { width, height };
    return data.id;
  }

  private async setup(): Promise<void> {
    this.fixtures = emptyFixtures(this.target.realIds);
    await this.discoverCatalogue();
    // Prism (and servers declared stateless on loopback) take the documented example ids.
    if (!this.target.realIds) return;
    const fixtures = this.fixtures;
    if (this.writes && this.target.stateful) {
      fixtures.imageAssetId = await this.uploadImage(512, 512);
      fixtures.portraitAssetId = await this.uploadImage(768, 1280);
      if (fixtures.portraitAssetId) fixtures.inputs[fixtures.portraitAssetId] = { width: 768, height: 1280 };
      if (!this.target.live) {
        fixtures.videoAssetId = await this.uploadImage(1280, 720, 'video');
        if (fixtures.videoAssetId) fixtures.inputs[fixtures.videoAssetId] = { width: 1280, height: 720, frames: 150, duration: 5 };
        fixtures.audioAssetId = await this.uploadImage(1, 1, 'audio');
        if (fixtures.imageAssetId) {
          const { exchange } = await this.exercise(
            {
              operationId: 'createCharacter',
              label: 'fixture character',
              body: { asset_id: fixtures.imageAssetId, character_type: 'realistic', name: `conformance_${this.runTag}_fixture`, prompt: 'a person, 30 years old' },
            },
            'setup',
            'accept',
          );
          const data = isObject(exchange.json) ? exchange.json.data : undefined;
          if (isObject(data) && typeof data.id === 'string') fixtures.characterId = data.id;
        }
      }
      const made = await this.makeGeneration('fixture generation (2 items)', 'setup');
      if ('generationId' in made) {
        fixtures.generationId = made.generationId;
        fixtures.mediaIds = made.mediaIds;
      } else this.note(`no fixture generation: ${made.refused}`);
      return;
    }
    // Read-only: read what the account already has.
    const first = async (operationId: string) => {
      const ex = await this.exercise({ operationId, label: 'find an existing resource', query: { page: 1, page_size: 1 } }, 'setup', 'accept');
      return isObject(ex.exchange.json) && Array.isArray(ex.exchange.json.data) ? ex.exchange.json.data.find(isObject) : undefined;
    };
    const generation = await first('listGenerations');
    if (generation && typeof generation.generation_id === 'string') {
      fixtures.generationId = generation.generation_id;
      const media = generation.media ?? generation.images;
      fixtures.mediaIds = (Array.isArray(media) ? media : []).filter(isObject).map((m) => String(m.id));
    }
    const asset = await first('listAssetsV2');
    if (asset && typeof asset.id === 'string') fixtures.imageAssetId = asset.id;
  }

  /** Path parameters for a read of an existing resource, or undefined when the run has none. */
  paramsFor(op: OperationSpec): Record<string, string> | undefined {
    if (!op.params) return undefined;
    if (!this.fixtures.real) return op.exampleParams;
    const out: Record<string, string> = {};
    for (const name of Object.keys(op.params.shape)) {
      const value =
        name === 'generation_id'
          ? this.fixtures.generationId
          : name === 'media_id' || name === 'image_id'
            ? this.fixtures.mediaIds[0]
            : name === 'asset_id'
              ? (this.fixtures.imageAssetId ?? this.fixtures.portraitAssetId)
              : undefined;
      if (value === undefined) return undefined;
      out[name] = value;
    }
    return out;
  }

  // --- per operation -----------------------------------------------------------------------------

  /** Operations that only read (or, like the estimate, spend nothing): safe on a live host. */
  isSafe(op: OperationSpec): boolean {
    return op.method === 'get' || op.operationId === 'estimateGeneration';
  }

  /** A valid request for the operation (the first example), with real ids when the run has them. */
  private async exampleRequest(op: OperationSpec): Promise<RequestCase | { unavailable: string }> {
    const id = op.operationId;
    const base: RequestCase = { operationId: id, label: 'documented example' };
    if (op.exampleQuery) base.query = { ...op.exampleQuery };
    if (op.effect === 'delete' && this.fixtures.real) {
      if (!this.writes) return { unavailable: 'read-only mode: nothing is deleted' };
      // A resource made for the occasion, so the fixtures survive.
      if (id === 'archiveAssets') {
        const asset = await this.uploadImage(64, 64);
        return asset ? { ...base, label: 'archive an asset made for it', body: { ids: [asset] } } : { unavailable: 'could not make an asset to archive' };
      }
      const made = await this.makeGeneration(`made to be deleted by ${id}`, 'examples', 2);
      if (!('generationId' in made)) return { unavailable: `could not make a generation to delete: ${made.refused}` };
      const mediaId = made.mediaIds[0];
      const params: Record<string, string> =
        id === 'deleteGeneration' ? { generation_id: made.generationId } : id === 'deleteMedia' ? { media_id: mediaId ?? '' } : { generation_id: made.generationId, image_id: mediaId ?? '' };
      return { ...base, label: `delete a resource made for it`, params };
    }
    if (op.params) {
      const params = this.paramsFor(op);
      if (!params) return { unavailable: `no ${Object.keys(op.params.shape).join('/')} to read on this target (read-only and the account has none)` };
      base.params = params;
    }
    if (op.body) {
      const example = Object.values(op.requestExamples ?? {})[0];
      base.body = bindToTarget(example?.value, this.fixtures);
      if (id === 'createCharacter') base.body = { ...(base.body as object), name: `conformance_${this.runTag}_example` };
    }
    return base;
  }

  private async runExamples(op: OperationSpec): Promise<void> {
    const id = op.operationId;
    if (!this.isSafe(op) && !this.writes) {
      this.skip(id, 'positive_data_acceptance', 'read-only mode: requests that create, spend or delete are not sent');
      return;
    }
    if (id === 'createCharacter' && this.target.live) {
      this.skip(id, 'positive_data_acceptance', 'live target: the API cannot delete characters, so none is created');
      return;
    }
    const example = await this.exampleRequest(op);
    if ('unavailable' in example) {
      this.skip(id, 'positive_data_acceptance', example.unavailable);
      return;
    }
    if (id === 'generateMedia') {
      const { refused } = await this.generate(example, 'examples');
      if (refused) this.skip(id, 'positive_data_acceptance', refused);
      return;
    }
    await this.exercise(example, 'examples', 'accept');
  }

  private async runCoverage(op: OperationSpec): Promise<void> {
    const id = op.operationId;
    const cases = casesFor(op, this.fixtures, this.runTag);
    const live = this.target.live;
    // Positive cases.
    let positive = cases.positive;
    if (id === 'generateMedia') {
      if (!this.writes) positive = [];
      else if (live) positive = []; // the example was the one generation a live run spends on it
      for (const c of positive) await this.generate(c, 'coverage');
    } else if (this.isSafe(op) || (this.writes && !(live && id === 'createCharacter'))) {
      await mapLimit(positive, this.concurrency, async (c) => void (await this.exercise(c, 'coverage', 'accept')));
    }
    // Negative cases.
    if (cases.negative.length === 0) return;
    if (!this.isSafe(op)) {
      if (!this.writes) {
        this.skip(id, 'negative_data_rejection', 'read-only mode: invalid requests to operations that create or spend are not sent (a server that wrongly accepts one would act on it)');
        return;
      }
      if (live && (id === 'generateMedia' || id === 'createCharacter')) {
        this.skip(id, 'negative_data_rejection', 'live target: invalid bodies go to estimateGeneration only (a wrongly accepted one would spend credits or leave a character behind)');
        return;
      }
    }
    await mapLimit(cases.negative, this.concurrency, async (c) => void (await this.exercise(c, 'coverage', 'reject')));
  }

  private async runAuth(op: OperationSpec): Promise<void> {
    const id = op.operationId;
    const wanted = this.selected.has('auth_required') || this.selected.has('ignored_auth');
    if (!wanted) return;
    if (!this.isSafe(op) && !this.writes) {
      const reason = 'read-only mode: unauthenticated requests to operations that create, spend or delete are not sent';
      this.skip(id, 'auth_required', reason);
      this.skip(id, 'ignored_auth', reason);
      return;
    }
    if (this.target.live && (op.spendsCredits || id === 'createCharacter')) {
      const reason = 'live target: a server that ignored the key would spend credits or leave a character behind; auth is checked on the estimate and the other operations';
      this.skip(id, 'auth_required', reason);
      this.skip(id, 'ignored_auth', reason);
      return;
    }
    // A request that would succeed with the right key: only the key is wrong.
    const request: RequestCase = { operationId: id, label: 'documented example', ...(op.exampleQuery ? { query: op.exampleQuery } : {}) };
    if (op.params) request.params = this.paramsFor(op) ?? op.exampleParams ?? {};
    if (op.body) {
      const body = Object.values(op.requestExamples ?? {})[0]?.value ?? (id === 'archiveAssets' ? { ids: ['ast_does_not_exist'] } : undefined);
      request.body = bindToTarget(body, this.fixtures);
    }
    await this.exercise({ ...request, label: 'no X-API-KEY' }, 'auth', 'missing-key');
    if (!this.target.checksKeyValue) {
      this.skip(id, 'ignored_auth', 'Prism checks only that X-API-KEY is present, not its value');
      return;
    }
    await this.exercise({ ...request, label: 'wrong X-API-KEY' }, 'auth', 'wrong-key');
  }

  private async runFuzzing(op: OperationSpec, index: number): Promise<void> {
    if (this.maxExamples === 0) return;
    const local = !this.target.live;
    const scope = { writes: this.writes && local };
    if (!this.isSafe(op) && !scope.writes) return;
    const properties = propertiesFor(op, this.fixtures, scope);
    const half = Math.max(1, Math.ceil(this.maxExamples / 2));
    const runs: [fc.Arbitrary<RequestCase>, Expectation][] = [];
    if (properties.positive && this.selected.has('positive_data_acceptance')) runs.push([properties.positive, 'accept']);
    if (properties.negative && this.selected.has('negative_data_rejection')) runs.push([properties.negative, 'reject']);
    for (const [arbitrary, expect] of runs) {
      const seed = (this.seed * 7919 + index * 31 + (expect === 'accept' ? 0 : 1)) | 0;
      const details = await fc.check(
        fc.asyncProperty(arbitrary, async (c) => !(await this.exercise(c, 'fuzzing', expect, { record: 'passes' })).failed),
        { numRuns: half, seed, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false },
      );
      if (!details.failed) continue;
      if (details.counterexample) {
        const [minimal] = details.counterexample;
        await this.exercise(minimal, 'fuzzing', expect, { shrunk: { runs: details.numRuns, shrinks: details.numShrinks, seed } });
      } else {
        const error = (details as { errorInstance?: unknown }).errorInstance;
        const reason = error instanceof Error ? error.message.split('\n')[0] : 'no counterexample';
        this.note(`${op.operationId}: generated requests stopped: ${reason}`);
      }
    }
  }

  private operationReport(op: OperationSpec): OperationReport {
    const results: CheckResult[] = [];
    for (const check of CHECKS) {
      if (!this.selected.has(check.id) || !check.appliesTo(op)) continue;
      const cell = this.cells.get(`${op.operationId}|${check.id}`);
      const base = { operationId: op.operationId, check: check.id, severity: check.severity };
      if (!cell || (cell.passes === 0 && cell.failureCount === 0)) {
        const reason =
          cell?.skipReason ??
          (!this.isSafe(op) && !this.writes ? 'read-only mode: requests that create, spend or delete are not sent' : 'not exercised by this run');
        results.push({ ...base, outcome: 'skipped', reason, passes: 0, failureCount: 0, failures: [] });
      } else {
        results.push({ ...base, outcome: cell.failureCount > 0 ? 'failed' : 'passed', passes: cell.passes, failureCount: cell.failureCount, failures: cell.failures });
      }
    }
    return { operationId: op.operationId, method: op.method.toUpperCase(), path: op.path, requests: this.requestsByOp.get(op.operationId) ?? 0, results };
  }

  private fingerprintReport(): FingerprintReport {
    const matches: Record<string, number> = {};
    let responses = 0;
    let version: string | undefined;
    const olderOperations: string[] = [];
    const order = ['baseline', ...transformPlan().changes.map((c) => c.date)];
    for (const [operationId, byVersion] of this.fingerprints) {
      for (const [key, count] of byVersion) {
        matches[key] = (matches[key] ?? 0) + count;
        responses += count;
        if (version === undefined || order.indexOf(key) < order.indexOf(version)) version = key;
        if (key !== latestDate && !olderOperations.includes(operationId)) olderOperations.push(operationId);
      }
    }
    return { ...(version !== undefined ? { version } : {}), latest: latestDate, responses, matches, olderOperations };
  }

  // --- the run -----------------------------------------------------------------------------------

  private async probe(): Promise<void> {
    const exchange = await this.raw({ operationId: 'listModels', label: 'reachability probe' });
    if (exchange.status === 0) throw new RunError(`could not reach ${this.target.baseUrl}: ${exchange.error}`);
    if (exchange.status === 401) throw new RunError(`${this.target.baseUrl} refused the API key (401): check --api-key or MEDIAGEN_API_KEY`);
  }

  async execute(): Promise<Report> {
    const targetInfo = { baseUrl: this.target.baseUrl, kind: this.target.kind, live: this.target.live, stateful: this.target.stateful, mode: this.mode };
    this.emit({ type: 'start', target: targetInfo });
    await this.probe();
    try {
      await this.setup();
      if (!this.target.stateful) {
        const reason =
          this.target.kind === 'prism'
            ? 'Prism is stateless: it answers the documented examples and keeps nothing'
            : 'this target is treated as stateless (read-only mode, or --stateless)';
        for (const check of CHECKS.filter((c) => c.category === 'stateful')) this.skipAll(check.id, reason);
      }
      const ordered = [
        ...this.ops.filter((op) => op.catalogue),
        ...this.ops.filter((op) => !op.catalogue && op.effect !== 'delete'),
        ...this.ops.filter((op) => op.effect === 'delete'),
      ];
      for (const [index, op] of ordered.entries()) {
        await this.runExamples(op);
        await this.runCoverage(op);
        await this.runAuth(op);
        await this.runFuzzing(op, index);
        this.emit({ type: 'operation', operation: this.operationReport(op) });
      }
      if (this.target.stateful) await runStateful(this);
    } finally {
      await this.cleanup.drain();
    }
    return this.report(targetInfo);
  }

  private report(target: Report['target']): Report {
    const operationsReport = this.ops.map((op) => this.operationReport(op));
    const byCheck: Report['summary']['byCheck'] = {};
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const { check } of gridCells([...this.selected], this.ops)) byCheck[check] ??= { passed: 0, failed: 0, skipped: 0 };
    for (const op of operationsReport) {
      for (const result of op.results) {
        const tally = (byCheck[result.check] ??= { passed: 0, failed: 0, skipped: 0 });
        tally[result.outcome]++;
        if (result.outcome === 'passed') passed++;
        else if (result.outcome === 'failed') failed++;
        else skipped++;
      }
    }
    const report: Report = {
      tool: '@mediagen/conformance',
      target,
      startedAt: new Date(this.started).toISOString(),
      durationMs: Date.now() - this.started,
      seed: this.seed,
      maxExamples: this.maxExamples,
      checks: CHECKS.filter((c) => this.selected.has(c.id)).map(({ id, description, severity }) => ({ id, description, severity })),
      operations: operationsReport,
      summary: { passed, failed, skipped, byCheck, requests: this.http.requests },
      fingerprint: this.fingerprintReport(),
      provenance: this.provenance.verdicts(),
      budget: { ...(this.budget.max !== undefined ? { maxCredits: this.budget.max } : {}), spent: this.budget.spent, refused: [...this.budget.refused] },
      cleanup: { created: this.cleanup.created, deleted: this.cleanup.deleted, leftover: [...this.cleanup.leftover] },
      notes: [...this.notes],
      ok: failed === 0,
    };
    return this.masker.json(report);
  }
}
