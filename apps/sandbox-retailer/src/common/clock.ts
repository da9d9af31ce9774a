import { Injectable } from '@nestjs/common';

/** The current time, injected so use cases can be tested at a fixed instant. */
export abstract class Clock {
  abstract now(): Date;
}

@Injectable()
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
