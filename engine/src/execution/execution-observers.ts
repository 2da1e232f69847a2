import { Injectable } from '@nestjs/common';
import type { ExecutionRecord } from '@arbitra/contracts';

/**
 * What the executor tells whoever keeps the running bots in memory (the bot runner), without knowing it: the
 * execution module does not depend on the bots module; the runner subscribes here.
 */
export interface ExecutionObserver {
  /** A job found its bot stopped or gone: drop it from memory. */
  botNotRunning(botId: string): void;
  /** The executor stopped the bot (risk limit, live credentials refused): drop it here and on every engine. */
  botStopped(botId: string): void;
  /** What the bot holds of an asset on an exchange after a recorded trade (an exact decimal string). */
  balanceChanged(botId: string, exchange: string, asset: string, amount: string): void;
  /** A trade was recorded (its statistical position effects). */
  tradeRecorded(record: ExecutionRecord): void;
  /** A statistical exit job ended (closed or not). */
  exitSettled(botId: string, opportunityId: string): void;
}

/** The executor's observers; it calls them in order, and one observer's error does not stop the others. */
@Injectable()
export class ExecutionObservers {
  private readonly observers = new Set<ExecutionObserver>();

  add(observer: ExecutionObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  notify(call: (o: ExecutionObserver) => void): void {
    for (const o of this.observers) call(o);
  }
}
