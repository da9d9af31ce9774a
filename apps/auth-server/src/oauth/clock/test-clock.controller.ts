import { BadRequestException, Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { AdjustableClock } from './clock.js';

/**
 * Test harnesses move the server's clock to check the 10-minute, 900-second, 60-minute and 30-day rules
 * without waiting. Mounted only with AUTH_TEST_CLOCK=true, which production configuration refuses.
 */
@Controller('__test/clock')
export class TestClockController {
  constructor(private readonly clock: Clock) {}

  @Post()
  @HttpCode(200)
  move(@Body() body: { advance_seconds?: unknown; reset?: unknown }) {
    if (!(this.clock instanceof AdjustableClock)) throw new BadRequestException('the clock is not adjustable');
    if (body.reset === true) this.clock.reset();
    if (body.advance_seconds !== undefined) {
      if (typeof body.advance_seconds !== 'number' || !Number.isFinite(body.advance_seconds)) {
        throw new BadRequestException('advance_seconds must be a number');
      }
      this.clock.advance(body.advance_seconds);
    }
    return { now: this.clock.now().toISOString(), offset_seconds: this.clock.offsetSeconds };
  }
}
