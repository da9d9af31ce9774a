import { Clock } from '@cps/domain';

/** The system clock moved by an offset a test sets (AUTH_TEST_CLOCK=true, never in production). */
export class AdjustableClock extends Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }

  reset(): void {
    this.offsetMs = 0;
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
}
