import { Text } from '../../web/form-input.js';

/** `?days=7|30|90` or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (overview-range.ts judges them). */
export class OverviewRangeQuery {
  @Text() days = '';
  @Text() from = '';
  @Text() to = '';
}
