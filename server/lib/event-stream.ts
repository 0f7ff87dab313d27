/** A subscriber's events, pushed by the pubsub and pulled by the GraphQL subscription. */
export interface EventStream<T> extends AsyncIterableIterator<T> {
  push(value: T): void;
  return(): Promise<IteratorResult<T, undefined>>;
  throw(error: unknown): Promise<IteratorResult<T, undefined>>;
}

/** Events a subscriber has not taken yet beyond which it is ended (too slow to keep up). */
export const MAX_PENDING_EVENTS = 1024;

const DONE: IteratorResult<never, undefined> = Object.freeze({ done: true, value: undefined });

/**
 * A plain queue: a push hands the event straight to a waiting `next()` (one promise), or keeps it
 * until asked. `onEnd` runs once, when the subscriber stops or falls MAX_PENDING_EVENTS behind
 * (its next `next()` then fails, which ends its subscription with an error).
 */
export function createEventStream<T>(onEnd: () => void): EventStream<T> {
  const pending: T[] = [];
  const waiting: ((step: IteratorResult<T, undefined>) => void)[] = [];
  let ended = false;
  let failure: Error | null = null;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
    for (const resolve of waiting.splice(0)) resolve(DONE);
  };
  const stream: EventStream<T> = {
    push(value) {
      if (ended) return;
      const resolve = waiting.shift();
      if (resolve) resolve({ done: false, value });
      else if (pending.length < MAX_PENDING_EVENTS) pending.push(value);
      else {
        failure = new Error(`A subscriber fell ${MAX_PENDING_EVENTS} events behind and was ended.`);
        pending.length = 0;
        end();
      }
    },
    next() {
      if (pending.length > 0) return Promise.resolve({ done: false, value: pending.shift() as T });
      if (failure) return Promise.reject(failure);
      if (ended) return Promise.resolve(DONE);
      return new Promise((resolve) => waiting.push(resolve));
    },
    return() {
      pending.length = 0;
      end();
      return Promise.resolve(DONE);
    },
    throw(error: unknown) {
      pending.length = 0;
      end();
      return Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return stream;
    },
  };
  return stream;
}

/** The events of `source` that `keep` accepts, in order; ending it ends the source. */
export function filterEvents<T>(
  source: EventStream<T>,
  keep: (value: T) => boolean | Promise<boolean>,
): AsyncIterableIterator<T> {
  const next = async (): Promise<IteratorResult<T, undefined>> => {
    for (;;) {
      const step = await source.next();
      if (step.done || (await keep(step.value))) return step;
    }
  };
  const filtered: AsyncIterableIterator<T> = {
    next,
    return: () => source.return(),
    throw: (error: unknown) => source.throw(error),
    [Symbol.asyncIterator]() {
      return filtered;
    },
  };
  return filtered;
}

/** A subscription that never hears anything (an offer the viewer may not see stays silent). */
export function silentStream<T>(): EventStream<T> {
  return createEventStream<T>(() => undefined);
}
