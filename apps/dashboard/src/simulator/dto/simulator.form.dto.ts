import { IsIn } from 'class-validator';
import { Text, Ticked } from '../../web/form-input.js';

export class SimulatedConnectionForm {
  @Text() retailer_id = '';
  @Text() customer_id = '';
  @Text() email = '';
  @Ticked() include_purchases = false;
}

/** The status a simulated connection is moved to: anything but `unauthenticated` is `active`. */
export class SimulatedStatusForm {
  @Text() @IsIn(['active', 'unauthenticated']) status: 'active' | 'unauthenticated' = 'active';
}
