import type { Clock } from '../../src/clock.js';

/** A clock that stands still until a test moves it. */
export class FixedClock implements Clock {
  constructor(private current = Date.parse('2026-11-21T12:00:00Z')) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
