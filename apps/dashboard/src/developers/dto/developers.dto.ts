import { Transform } from 'class-transformer';
import { IsIn, IsString } from 'class-validator';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@cps/contracts';
import { Choices, NoticeQuery, Text, Ticked } from '../../web/form-input.js';

/** A new API key: its name and when it expires (30, 90 or 365 days; anything else: never). */
export class ApiKeyForm {
  @Text() name = '';
  @Text() @IsIn(['30', '90', '365']) expires_in_days = '';
}

/** A webhook destination's settings (the create and edit forms). */
export class WebhookForm {
  @Text() name = '';
  @Text() url = '';
  @Choices(WEBHOOK_EVENT_TYPES) event_types: WebhookEventType[] = [];
  @Ticked() is_active = false;
  @Ticked() receive_simulated_events = false;
}

const OVERLAPS = [0, 24, 72, 168];

/** How long the old signing secret also signs: hours of OVERLAPS; none given is 0, another value 24. */
export class OverlapForm {
  @Transform(({ value }: { value: unknown }) => {
    const hours = Number(typeof value === 'string' ? value.trim() : '');
    return OVERLAPS.includes(hours) ? hours : 24;
  })
  @IsIn(OVERLAPS)
  overlap_hours = 0;
}

/** A webhook's page after a change: `?notice=` (with `count` after a replay) or `?error=`. */
export class WebhookPageQuery extends NoticeQuery {
  @Text() count = '';
  @Text() error = '';
}

/** A route of one delivery of one webhook. */
export class DeliveryPath {
  @IsString() id = '';
  @IsString() deliveryId = '';
}
