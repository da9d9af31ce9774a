import { type AuthContracts } from '@cps/contracts';
import { type InvitationRow } from './people.repository.js';

export function invitationView(row: InvitationRow): AuthContracts.Invitation {
  return {
    invitation_id: row.id,
    email: row.email,
    role: row.role,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}
