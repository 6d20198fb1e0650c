// What listens to a run's exchanges as they finish (the HAR writer, the evidence collector): each gets
// every exchange, key masked, and is told when the run ends. A recorder that throws is dropped with a
// note; it never ends the run.
import type { Exchange } from '../model/exchange.js';

export interface ExchangeRecorder {
  record(exchange: Exchange): void;
  /** The run ended (flush and close what was opened). */
  close?(): Promise<void>;
}
