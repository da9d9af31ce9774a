import { IsIn, ValidateBy } from 'class-validator';
import { Text } from '../../web/form-input.js';
import { AUDIT_AREAS, type AuditArea, type AuditFilter } from '../audit-log.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` day that is a date. */
const IsDay = () =>
  ValidateBy({
    name: 'isDay',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value)),
    },
  });

/** The audit log's filters; one the page does not know (an unknown area, a day that is not one) is ignored. */
export class AuditFilterQuery {
  @Text() @IsIn(Object.keys(AUDIT_AREAS)) area = '';
  /** A person's email, as long as an email may be. */
  @Text({ cut: 254 }) actor = '';
  @Text() @IsDay() from = '';
  @Text() @IsDay() to = '';

  get filter(): AuditFilter {
    return {
      ...(this.area ? { area: this.area as AuditArea } : {}),
      ...(this.actor ? { actor: this.actor } : {}),
      ...(this.from ? { from: this.from } : {}),
      ...(this.to ? { to: this.to } : {}),
    };
  }
}
