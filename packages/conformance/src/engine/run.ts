// The engine: runs every selected check against one target and returns the report. Order of a run:
// start (or reach) the target, discover the catalogue, create fixtures (stateful targets in full
// mode), then per operation the examples, the hand-written cases, the auth checks and the generated
// requests; then the stateful sequences; finally everything created is deleted, whatever happened.
import { assumptions, createdId, fingerprintResponse, type OperationSpec, operationById, operationList } from '@mediagen/schema';
import { baseItem, type RequestCase } from '../checks/cases.js';
import { CHECK_IDS, CHECKS, type CheckId, checksById, isCheckId } from '../checks/catalog.js';
import type { Expectation } from '../checks/define.js';
import { type CheckVerdict as Verdict, verdictsFor } from '../checks/judge.js';
import { isSuccess } from '../checks/response.js';
import { buildReport } from '../report/build.js';
import { type Basis, breachBasis, isObligation } from './basis.js';
import { BudgetExceeded, BudgetTracker, type Reservation } from './budget.js';
import { CleanupRegistry } from './cleanup.js';
import type { PhaseContext } from './context.js';
import { transformPlan } from './document.js';
import { emptyFixtures, type Fixtures } from './fixtures.js';
import { type AuthMode, type Exchange, HttpClient, requestFor, toCurl } from './http.js';
import { Masker } from './mask.js';
import { runAuth } from './phases/auth.js';
import { runCoverage } from './phases/coverage.js';
import { runExamples } from './phases/examples.js';
import { runFuzzing } from './phases/fuzzing.js';
import { runSetup } from './phases/setup.js';
import { isSafe, READ_ONLY } from './policy.js';
import { ProvenanceTracker } from './provenance.js';
import { Recorder } from './recorder.js';
import { type ResolvedTarget, recogniseMock, resolveTarget, SANDBOX_API_KEY, type TargetOptions } from './target.js';
import { type Failure, type Mode, type OperationReport, type Phase, type ProgressEvent, type Report, RunError } from './types.js';

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
  /** Every exchange, key masked, as it finishes (the HAR reporter listens here). */
  onExchange?: (exchange: Exchange) => void;
  /** Treat the contract's assumptions as obligations: a refuted assumption fails the run. */
  strict?: boolean;
  /** Stops the run (cleanup still runs and the report is still built). */
  signal?: AbortSignal;
}

/** The run was stopped by its signal: the run ends early, cleanup runs, the report is partial. */
export class RunInterrupted extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RunInterrupted';
  }
}

export type { Expectation } from '../checks/define.js';

/** The reason of a cell whose every judgement was about an assumption. */
const ASSUMPTIONS_ONLY = 'every invalid request sent breaks only assumptions of the contract: see the assumption verdicts (--strict judges them)';

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
  const unknownOps = (options.operations ?? []).filter((id) => !operationById(id));
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

export class Run implements PhaseContext {
  readonly http: HttpClient;
  readonly masker: Masker;
  readonly budget: BudgetTracker;
  readonly cleanup = new CleanupRegistry();
  readonly provenance = new ProvenanceTracker(assumptions());
  readonly selected: Set<CheckId>;
  readonly ops: OperationSpec[];
  readonly fixtures: Fixtures;
  readonly notes: string[] = [];
  private readonly recorder: Recorder;
  readonly seed: number;
  readonly maxExamples: number;
  readonly concurrency: number;
  readonly runTag: string;
  readonly strict: boolean;
  /** Why the stateful checks cannot run (the planner found the budget too small), if so. */
  statefulBlocked: string | undefined;
  /** Set while cleanup runs: it goes on after the run's signal fired. */
  private draining = false;
  private interrupted: string | undefined;
  private readonly started = Date.now();

  constructor(
    readonly target: ResolvedTarget,
    readonly options: ConformanceOptions,
    selected: readonly CheckId[],
  ) {
    this.masker = new Masker([target.apiKey, options.apiKey]);
    this.http = new HttpClient({
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      timeoutMs: options.timeoutMs ?? 15_000,
      retries429: 3,
      ...(options.onExchange ? { onExchange: (exchange: Exchange) => options.onExchange!(this.maskExchange(exchange)) } : {}),
    });
    this.strict = options.strict ?? false;
    this.budget = new BudgetTracker(options.maxCredits);
    this.selected = new Set(selected);
    this.recorder = new Recorder(selected);
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

  /** The exchange as it may be recorded: the key masked as a value in headers, URL and bodies. */
  maskExchange(exchange: Exchange): Exchange {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(exchange.headers ?? {})) headers[name] = this.masker.text(value);
    return {
      ...exchange,
      request: this.masker.json(exchange.request),
      url: this.masker.text(exchange.url),
      ...(exchange.headers ? { headers } : {}),
      text: this.masker.text(exchange.text),
      json: this.masker.json(exchange.json),
      ...(exchange.error ? { error: this.masker.text(exchange.error) } : {}),
    };
  }

  emit(event: ProgressEvent): void {
    this.options.onEvent?.(this.masker.json(event));
  }

  note(message: string): void {
    const masked = this.masker.text(message);
    this.notes.push(masked);
    this.emit({ type: 'note', message: masked });
  }

  // --- recording (the recorder keeps the cells; the run masks what it records) --------------------

  pass(operationId: string, check: CheckId): void {
    if (this.selected.has(check)) this.recorder.pass(operationId, check);
  }

  fail(operationId: string, check: CheckId, failure: Failure): void {
    if (this.selected.has(check)) this.recorder.fail(operationId, check, this.masker.json(failure));
  }

  /** Marks a cell skipped (unless something was judged there). */
  skip(operationId: string, check: CheckId, reason: string): void {
    if (this.selected.has(check)) this.recorder.skip(operationId, check, this.masker.text(reason));
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
  async raw(c: RequestCase, auth: AuthMode = 'valid', reservation?: Reservation): Promise<Exchange> {
    const op = operationById(c.operationId)!;
    if (this.options.signal?.aborted && !this.draining) throw new RunInterrupted(String(this.options.signal.reason ?? 'interrupted'));
    // The hard cap: nothing that can spend leaves without a reservation made before it is sent.
    if (op.spendsCredits && this.budget.capped && !reservation)
      throw new BudgetExceeded(`internal: ${op.operationId} "${c.label}" was about to be sent without a reservation`);
    const exchange = await this.http.send(requestFor(op, { ...c, auth }));
    this.recorder.countRequest(op.operationId);
    return exchange;
  }

  /**
   * Sends one request and judges it: every response check, plus the expectation (accepted, rejected,
   * 401). `record: 'passes'` records only passes (generated requests whose failures are shrunk first).
   */
  async exercise(
    c: RequestCase,
    phase: Phase,
    expect: Expectation,
    opts: { record?: 'all' | 'passes'; auth?: AuthMode; shrunk?: Failure['shrunk']; reservation?: Reservation; planned?: boolean } = {},
  ): Promise<{ exchange: Exchange; failed: boolean; verdicts: Verdict[]; refused?: string }> {
    const op = operationById(c.operationId)!;
    const auth = opts.auth ?? (expect === 'missing-key' ? 'missing' : expect === 'wrong-key' ? 'wrong' : 'valid');
    let reservation = opts.reservation;
    if (op.spendsCredits && this.budget.capped && !reservation) {
      const reserved = await this.reserveFor(c, phase, opts.planned ?? false, expect);
      if ('refused' in reserved) {
        const notSent: Exchange = {
          request: requestFor(op, { ...c, auth }),
          url: '',
          status: 0,
          contentType: undefined,
          text: '',
          json: undefined,
          error: reserved.refused,
          durationMs: 0,
        };
        return { exchange: notSent, failed: false, verdicts: [], refused: reserved.refused };
      }
      reservation = reserved;
    }
    const exchange = await this.raw(c, auth, reservation);
    // A request that did not spend gives its reservation back.
    if (reservation && exchange.status !== 0 && !isSuccess(exchange.status)) this.budget.release(reservation);
    const verdicts = verdictsFor(op, exchange, expect, { pagination: this.target.stateful });
    const judged = verdicts.filter((v) => this.selected.has(v.check));
    const curl = toCurl(this.target.baseUrl, exchange.request);
    // Verdicts on assumptions are verdicts, not failures (unless --strict).
    const tiered = judged.filter((v) => !this.judgeAssumption(op, c, exchange, v, expect, curl));
    const failed = tiered.some((v) => !v.ok);
    const record = opts.record ?? 'all';
    for (const v of tiered) {
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

  /**
   * When a verdict is about an assumption of the contract (an invalid request that breaks only
   * assumed rules, a response that differs only at assumed fields), records it as a provenance
   * verdict and returns true: the caller does not count it as a pass or a failure. Under --strict
   * nothing is an assumption.
   */
  private judgeAssumption(op: OperationSpec, c: RequestCase, exchange: Exchange, v: Verdict, expect: Expectation, curl: string): boolean {
    if (exchange.status === 0) return false;
    const evidence = { curl: this.masker.text(curl), status: exchange.status };
    if (v.check === 'negative_data_rejection' && expect === 'reject') {
      const basis: Basis | undefined = c.basis ?? breachBasis(op, { body: c.body, ...(c.query ? { query: c.query } : {}) });
      if (isObligation(basis, false)) return false;
      // The verdict is recorded in either mode; only the default mode keeps it from failing the check.
      const why = this.masker.text(`${op.operationId}, ${c.label}: ${v.ok ? 'rejected' : (v.message ?? 'accepted')}`);
      this.provenance.observeRule(basis!.rule, basis!.note, v.ok, why, evidence);
      if (this.strict) return false;
      this.skip(op.operationId, v.check, ASSUMPTIONS_ONLY);
      return true;
    }
    if (this.strict) return false;
    if (v.check === 'response_schema_conformance' && !v.ok && v.paths?.length) {
      const elements = v.paths.map((path) => this.provenance.assumedElementAt(op, exchange.status, exchange.json, path));
      if (elements.some((e) => e === undefined)) return false;
      // observeResponse (called with every exchange) records the refutation of each element.
      return true;
    }
    return false;
  }

  /** Prices a request that can spend (a free estimate of the same body) and reserves it; or why not. */
  private async reserveFor(c: RequestCase, phase: Phase, planned: boolean, expect: Expectation): Promise<Reservation | { refused: string }> {
    const price = async (body: unknown, label: string) => {
      const estimate = await this.exercise({ ...c, body, operationId: 'estimateGeneration', label }, phase, 'none');
      const data = isObject(estimate.exchange.json) ? estimate.exchange.json.data : undefined;
      return { status: estimate.exchange.status, credits: isObject(data) ? Number(data.estimated) : Number.NaN };
    };
    let { status, credits } = await price(c.body, `estimate before: ${c.label}`);
    if (!isSuccess(status) && expect === 'reject') {
      // An invalid body has no price of its own: it is reserved at the price of the valid body of the
      // same size, what a server that wrongly took it would charge.
      const size = Array.isArray(c.body) ? Math.max(1, c.body.length) : 1;
      ({ status, credits } = await price(
        Array.from({ length: size }, () => baseItem(this.fixtures)),
        `price of a valid body like: ${c.label}`,
      ));
    }
    if (!isSuccess(status)) {
      return { refused: `not sent: its estimate was refused (status ${status}), and under --max-credits nothing unpriced is sent` };
    }
    try {
      return this.budget.reserve(credits, `"${c.label}"`, planned);
    } catch (error) {
      if (error instanceof BudgetExceeded) {
        this.note(error.message);
        return { refused: error.message };
      }
      throw error;
    }
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
    if (isSuccess(exchange.status)) {
      const version = fingerprintResponse(transformPlan(), op.operationId, exchange.status, exchange.json);
      if (version !== undefined) {
        this.recorder.fingerprint(op.operationId, version);
      }
    }
  }

  /** Registers what a successful request created, and forgets what it deleted. */
  private afterResponse(op: OperationSpec, exchange: Exchange, c: RequestCase): void {
    // Whatever a target says it created is cleaned up, stateful or not (only Prism keeps nothing).
    if (!isSuccess(exchange.status) || this.target.kind === 'prism' || !isObject(exchange.json)) return;
    const data = exchange.json.data;
    // What it made, by the operation's `creates` trait (v1 uploads answer { asset: { id } }).
    const made = createdId(op, exchange.json);
    if (op.creates && made !== undefined) {
      if (op.creates.kind === 'generation') this.registerGeneration(made);
      else if (op.creates.kind === 'asset') this.registerAsset(made);
      else this.cleanup.register({ kind: 'character', id: made });
    }
    switch (op.operationId) {
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
  async generate(c: RequestCase, phase: Phase, expect: Expectation = 'accept', planned = false): Promise<{ exchange?: Exchange; refused?: string }> {
    const result = await this.exercise({ ...c, operationId: 'generateMedia' }, phase, expect, { planned });
    return result.refused ? { refused: result.refused } : { exchange: result.exchange };
  }

  /** Makes a generation of `items` items for a sequence; its id and media ids, or why not. */
  async makeGeneration(label: string, phase: Phase, items = 2): Promise<{ generationId: string; mediaIds: string[] } | { refused: string }> {
    if (this.statefulBlocked) return { refused: this.statefulBlocked };
    const item = baseItem(this.fixtures);
    const body = Array.from({ length: items }, () => ({ ...item }));
    // Generations made for the stateful checks and the fixtures draw on the planner's reservation.
    const { exchange, refused } = await this.generate({ operationId: 'generateMedia', label, body }, phase, 'accept', true);
    if (!exchange) return { refused: refused ?? 'not sent' };
    const data = isObject(exchange.json) ? exchange.json.data : undefined;
    // An older server's `images` is read too, so the rest of the run can go on (renamed_fields reports it).
    const media = isObject(data) ? (data.media ?? data.images) : undefined;
    if (!isSuccess(exchange.status) || !isObject(data) || typeof data.generation_id !== 'string' || !Array.isArray(media)) {
      return { refused: `generate answered ${exchange.status} without a generation` };
    }
    const mediaIds = media
      .filter(isObject)
      .map((m) => m.id)
      .filter((id): id is string => typeof id === 'string');
    return { generationId: data.generation_id, mediaIds };
  }

  // --- setup -------------------------------------------------------------------------------------

  // --- per operation -----------------------------------------------------------------------------

  private operationReport(op: OperationSpec): OperationReport {
    return this.recorder.operationReport(op, !isSafe(op) && !this.writes ? READ_ONLY : 'not exercised by this run');
  }

  // --- the run -----------------------------------------------------------------------------------

  private async probe(): Promise<void> {
    const exchange = await this.raw({ operationId: 'listModels', label: 'reachability probe' });
    if (exchange.status === 0) throw new RunError(`could not reach ${this.target.baseUrl}: ${this.masker.text(exchange.error ?? 'no response')}`);
    const recognised = recogniseMock(this.target, exchange.headers?.['x-mediagen-mock'], this.options);
    if (recognised) this.note(recognised);
    if (exchange.status === 401 && this.target.kind === 'sandbox' && this.options.apiKey === undefined) {
      // A media-mock sandbox with no key given: its documented default key.
      this.target.apiKey = SANDBOX_API_KEY;
      this.http.useApiKey(SANDBOX_API_KEY);
      return this.probe();
    }
    if (exchange.status === 401) throw new RunError(`${this.target.baseUrl} refused the API key (401): check --api-key or MEDIAGEN_API_KEY`);
  }

  /** The sequence checks, in registry order; read-only mode skips those that need state. */
  private async runSequences(): Promise<void> {
    for (const check of CHECKS) {
      if (!check.sequence || !this.selected.has(check.id)) continue;
      if (!this.writes) {
        if (check.category === 'stateful') this.skipAll(check.id, READ_ONLY);
        continue;
      }
      try {
        await check.sequence(this);
      } catch (error) {
        if (error instanceof RunInterrupted) throw error;
        this.note(`${check.id}: the sequence stopped: ${(error as Error)?.message ?? String(error)}`);
      }
    }
  }

  selects(check: string): boolean {
    return this.selected.has(check as CheckId);
  }

  /** One operation's phases; an exception in one (a bug, a garbage answer) is noted, the run goes on. */
  private async runOperation(op: OperationSpec, index: number): Promise<void> {
    for (const phase of [() => runExamples(this, op), () => runCoverage(this, op), () => runAuth(this, op), () => runFuzzing(this, op, index)]) {
      try {
        await phase();
      } catch (error) {
        if (error instanceof RunInterrupted) throw error;
        this.note(`${op.operationId}: a phase stopped: ${(error as Error)?.message ?? String(error)}`);
      }
    }
    this.emit({ type: 'operation', operation: this.operationReport(op) });
  }

  async execute(): Promise<Report> {
    await this.probe();
    const targetInfo = (): Report['target'] => ({
      baseUrl: this.target.baseUrl,
      kind: this.target.kind,
      live: this.target.live,
      stateful: this.target.stateful,
      mode: this.mode,
      strict: this.strict,
      ...(this.target.recognised ? { recognised: this.target.recognised } : {}),
    });
    this.emit({ type: 'start', target: targetInfo() });
    try {
      await runSetup(this);
      if (!this.target.stateful) {
        const reason =
          this.target.kind === 'prism'
            ? 'Prism is stateless: it answers the documented examples and keeps nothing'
            : 'this target is treated as stateless (read-only mode, or --stateless)';
        for (const check of CHECKS.filter((c) => c.category === 'stateful')) this.skipAll(check.id, reason);
      } else if (this.statefulBlocked) {
        for (const check of CHECKS.filter((c) => c.category === 'stateful')) this.skipAll(check.id, this.statefulBlocked);
      }
      const ordered = [
        ...this.ops.filter((op) => op.catalogue),
        ...this.ops.filter((op) => !op.catalogue && op.effect !== 'delete'),
        ...this.ops.filter((op) => op.effect === 'delete'),
      ];
      // The stateful sequences go first: the planner's credits are theirs.
      if (this.target.stateful && !this.statefulBlocked) await this.runSequences();
      for (const [index, op] of ordered.entries()) await this.runOperation(op, index);
    } catch (error) {
      if (!(error instanceof RunInterrupted)) throw error;
      this.interrupted = error.message;
      this.note(`run interrupted (${error.message}): cleaning up and writing the report`);
    } finally {
      this.draining = true;
      await this.cleanup.drain();
    }
    return this.report(targetInfo());
  }

  private report(target: Report['target']): Report {
    const mask = (text: string) => this.masker.text(text);
    return buildReport({
      target,
      startedMs: this.started,
      seed: this.seed,
      maxExamples: this.maxExamples,
      selected: CHECKS.filter((c) => this.selected.has(c.id)),
      operations: this.ops.map((op) => this.operationReport(op)),
      requests: this.http.requests,
      fingerprint: this.recorder.fingerprintReport(),
      // Recorded values were masked as they were recorded (failures, notes, reasons); the free-text
      // fields gathered here are masked one by one, never the report as a whole.
      provenance: this.provenance.verdicts().map((v) => ({ ...v, evidence: mask(v.evidence), ...(v.curl ? { curl: mask(v.curl) } : {}) })),
      budget: {
        ...(this.budget.max !== undefined ? { maxCredits: this.budget.max } : {}),
        spent: this.budget.spent,
        refused: this.budget.refused.map(mask),
        ...(this.budget.needed !== undefined ? { needed: this.budget.needed } : {}),
      },
      cleanup: { created: this.cleanup.created, deleted: this.cleanup.deleted, leftover: this.cleanup.leftover.map(mask) },
      notes: [...this.notes],
      ...(this.interrupted ? { interrupted: mask(this.interrupted) } : {}),
    });
  }
}
