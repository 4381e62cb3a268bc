import { monotonicFactory } from 'ulid';
import type { Clock, IdGenerator } from '../core/ports';

export const systemClock: Clock = { now: () => new Date() };

/** ULIDs that stay in creation order even when several are made in one millisecond. */
export function createUlidGenerator(): IdGenerator {
  const next = monotonicFactory();
  return { next: () => next() };
}
