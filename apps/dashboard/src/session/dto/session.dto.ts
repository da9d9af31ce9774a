import { IsString } from 'class-validator';
import { Text } from '../../web/form-input.js';

/** The double-submit token of the forms signed-out people post (its cookie holds the other copy). */
export class SignedOutForm {
  @Text({ trim: false }) csrf = '';
}

/** Email and password as typed; the email's spaces around it do not count. */
export class SignInForm extends SignedOutForm {
  @Text() email = '';
  @Text({ trim: false }) password = '';
}

export class SignInQuery {
  @Text({ trim: false }) signed_out = '';
}

export class AcceptInvitationForm extends SignedOutForm {
  @Text({ trim: false }) password = '';
}

/** A route of one invitation link. */
export class InvitationPath {
  @IsString() token = '';
}

/** '1' turns test mode on; anything else, off. */
export class ModeForm {
  @Text({ trim: false }) test = '';
}

export class TeamSwitchForm {
  @Text({ trim: false }) team_id = '';
}
