import { IsIn, IsString } from 'class-validator';
import { AuthContracts } from '@cps/contracts';
import { Text } from '../../web/form-input.js';

/** A role of the team; another value is sent as '' (auth-server refuses it with its message). */
export class RoleForm {
  @Text() @IsIn(AuthContracts.TEAM_ROLES) role: AuthContracts.TeamRole | '' = '';
}

export class InvitationForm extends RoleForm {
  @Text() email = '';
}

/** A route of one member. */
export class MemberPath {
  @IsString() userId = '';
}

/** What shoppers see of the brand; empty fields are cleared. */
export class BrandingForm {
  @Text() display_name = '';
  @Text() logo_url = '';
}

export class SharingForm {
  @Text() privacy_policy_url = '';
  /** Whole days; not a whole number, it goes to auth-server as it is, which refuses it with its message. */
  @Text() history_window_days = '';
  /** Origins, one a line (or separated by spaces or commas). */
  @Text() redirect_origins = '';
}
