import type { RunContext } from '../../engine/context.js';
import type { Exchange } from '../../engine/http.js';
import { among } from '../applies.js';
import { baseItem } from '../cases.js';
import { defineCheck } from '../define.js';
import { isSuccess } from '../response.js';
import { dataOf, isObject, summary } from './sequence.js';

async function sequence(run: RunContext): Promise<void> {
  const check = 'credits_arithmetic';
  const body = [baseItem(run.fixtures)];
  const numbers = (exchange: Exchange) => {
    const data = dataOf(exchange);
    return isObject(data) ? { estimated: Number(data.estimated), balance: Number(data.balance), remaining: Number(data.credits_remaining) } : undefined;
  };
  let failures = 0;
  const judge = (operationId: string, ok: boolean, message: string, exchange?: Exchange) => {
    if (!ok) failures++;
    run.judge(operationId, check, ok, message, 'stateful', exchange);
  };
  const first = await run.exercise({ operationId: 'estimateGeneration', label: 'estimate before generating', body }, 'stateful', 'accept');
  const e1 = numbers(first.exchange);
  if (!e1 || !isSuccess(first.exchange.status)) {
    run.skipAll(check, `the estimate answered ${first.exchange.status}`);
    summary(run, check, ['estimateGeneration'], 'skipped: no estimate');
    return;
  }
  const sane = Number.isFinite(e1.estimated) && e1.estimated >= 0 && Number.isFinite(e1.balance) && e1.balance >= 0;
  judge('estimateGeneration', sane, `estimate ${e1.estimated} and balance ${e1.balance} must be numbers ≥ 0`, first.exchange);
  if (e1.estimated > e1.balance) {
    run.skipAll(check, `the balance (${e1.balance}) is below one generation (${e1.estimated})`);
    return;
  }
  const { exchange, refused } = await run.generate({ operationId: 'generateMedia', label: 'generate what was estimated', body }, 'stateful', 'accept', true);
  if (!exchange || !isSuccess(exchange.status)) {
    run.skip('generateMedia', check, refused ?? `generate answered ${exchange?.status}`);
  } else {
    const remaining = numbers(exchange)?.remaining ?? Number.NaN;
    // A budgeted run estimates once more inside generate(); the balance is read again below anyway.
    const expected = e1.balance - e1.estimated;
    judge(
      'generateMedia',
      remaining === expected,
      `credits_remaining ${remaining} after spending an estimate of ${e1.estimated} from ${e1.balance} (expected ${expected})`,
      exchange,
    );
    const second = await run.exercise({ operationId: 'estimateGeneration', label: 'balance after generating', body }, 'stateful', 'accept');
    const e2 = numbers(second.exchange);
    judge('estimateGeneration', e2?.balance === remaining, `balance ${e2?.balance} after the generation, credits_remaining said ${remaining}`, second.exchange);
  }
  // A cost above the balance is refused with 402 (local targets only: a broken server would spend it).
  const portrait = run.fixtures.portraitAssetId;
  // Under --max-credits a request above the balance cannot be sent: if the server wrongly took it,
  // it would spend more than the cap allows.
  if (run.budget.capped && portrait)
    run.note('credits_arithmetic: a cost above the balance is not sent under --max-credits (the refusal with 402 is checked only without a cap)');
  if (!run.target.live && portrait && !run.budget.capped) {
    const balanceNow = numbers(await run.raw({ operationId: 'estimateGeneration', label: 'balance', body }))?.balance ?? e1.balance;
    const duration = (Math.floor(balanceNow / 5) + 1) * 5;
    const costly = [{ video_anyone: { asset_id: portrait, prompt: 'a very long video', duration } }];
    const estimate = await run.exercise({ operationId: 'estimateGeneration', label: `estimate a ${duration} s video`, body: costly }, 'stateful', 'accept');
    const e3 = numbers(estimate.exchange);
    if (e3 && isSuccess(estimate.exchange.status) && e3.estimated > e3.balance) {
      const over = await run.exercise(
        { operationId: 'generateMedia', label: `generate above the balance (${e3.estimated} > ${e3.balance})`, body: costly },
        'stateful',
        'none',
      );
      judge(
        'generateMedia',
        over.exchange.status === 402,
        `a generation costing ${e3.estimated} with a balance of ${e3.balance} answered ${over.exchange.status}, expected 402`,
        over.exchange,
      );
      const e4 = numbers(await run.raw({ operationId: 'estimateGeneration', label: 'balance after the refusal', body }));
      judge(
        'estimateGeneration',
        e4?.balance === e3.balance,
        `the balance moved from ${e3.balance} to ${e4?.balance} after a refused generation`,
        estimate.exchange,
      );
    }
  }
  summary(
    run,
    check,
    ['estimateGeneration', 'generateMedia'],
    failures ? `failed (${failures})` : `estimate ${e1.estimated} from balance ${e1.balance} adds up`,
  );
}

export default defineCheck({
  id: 'credits_arithmetic',
  description: 'Estimates are consistent with the balance: remaining = balance − estimate; a cost above the balance is refused with 402.',
  severity: 'error',
  category: 'stateful',
  appliesTo: among('estimateGeneration', 'generateMedia'),
  sequence,
});
