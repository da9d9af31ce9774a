import { type SecretBox } from '@cps/persistence';
import {
  ContractViolation,
  IsNullable,
  TOLERANT_VALIDATOR_OPTIONS,
  toMessage,
  type MessageClass,
} from '@cps/contracts';
import { IsISO8601, IsString } from 'class-validator';
import { type OneTimeCodeChallenge, type RetailerCredentials, type RetailerSession } from './retailer-adapter.js';

/** What each kind of sealed value holds once opened (dates as ISO strings, null when unknown). */
class SealedCredentials {
  @IsString() email!: string;
  @IsString() password!: string;
}

class SealedSession {
  @IsString() token!: string;
  @IsNullable() @IsISO8601({ strict: true }) expires_at!: string | null;
}

class SealedChallenge {
  @IsString() challenge_id!: string;
  @IsNullable() @IsString() sent_to!: string | null;
  @IsNullable() @IsISO8601({ strict: true }) expires_at!: string | null;
}

const sealed = { credentials: SealedCredentials, session: SealedSession, challenge: SealedChallenge };

type Kind = keyof typeof sealed;
type Sealed<K extends Kind> = InstanceType<(typeof sealed)[K]>;

const toDate = (text: string | null): Date | null => (text === null ? null : new Date(text));

export class VaultError extends Error {}

/**
 * Seals what sync-service keeps of a shopper's retailer account (password, session, pending one-time-code
 * challenge) with AES-256-GCM before it reaches Postgres, and opens it again for the scheduler.
 *
 * Each sealed value names its kind and its connection, and opening checks both: a ciphertext copied onto
 * another connection's row (or a session stored where credentials belong) is refused, not used.
 */
export class RetailerCredentialVault {
  constructor(private readonly box: SecretBox) {}

  sealCredentials(connectionId: string, credentials: RetailerCredentials): string {
    return this.seal('credentials', connectionId, { email: credentials.email, password: credentials.password });
  }

  openCredentials(connectionId: string, text: string): RetailerCredentials {
    const { email, password } = this.open('credentials', connectionId, text);
    return { email, password };
  }

  sealSession(connectionId: string, session: RetailerSession): string {
    return this.seal('session', connectionId, {
      token: session.token,
      expires_at: session.expiresAt?.toISOString() ?? null,
    });
  }

  openSession(connectionId: string, text: string): RetailerSession {
    const session = this.open('session', connectionId, text);
    return { token: session.token, expiresAt: toDate(session.expires_at) };
  }

  /** A pending code step, kept between the link flow's sign-in page and its code page. */
  sealChallenge(connectionId: string, challenge: OneTimeCodeChallenge): string {
    return this.seal('challenge', connectionId, {
      challenge_id: challenge.challengeId,
      sent_to: challenge.sentTo,
      expires_at: challenge.expiresAt?.toISOString() ?? null,
    });
  }

  openChallenge(connectionId: string, text: string): OneTimeCodeChallenge {
    const challenge = this.open('challenge', connectionId, text);
    return { challengeId: challenge.challenge_id, sentTo: challenge.sent_to, expiresAt: toDate(challenge.expires_at) };
  }

  private seal<K extends Kind>(kind: K, connectionId: string, value: Sealed<K>): string {
    return this.box.seal(JSON.stringify({ v: 1, kind, connection_id: connectionId, value }));
  }

  private open<K extends Kind>(kind: K, connectionId: string, text: string): Sealed<K> {
    let envelope: { v?: unknown; kind?: unknown; connection_id?: unknown; value?: unknown };
    try {
      envelope = JSON.parse(this.box.open(text)) as typeof envelope;
    } catch {
      // Never echo the ciphertext or the cause: either could carry secret material.
      throw new VaultError(`cannot open the sealed ${kind} of connection ${connectionId}`);
    }
    if (envelope.v !== 1 || envelope.kind !== kind || envelope.connection_id !== connectionId) {
      throw new VaultError(`the sealed ${kind} does not belong to connection ${connectionId}`);
    }
    try {
      // An older or newer writer's extra fields are ignored, not fatal.
      return toMessage(sealed[kind] as MessageClass<Sealed<K>>, envelope.value, TOLERANT_VALIDATOR_OPTIONS);
    } catch (error) {
      if (!(error instanceof ContractViolation)) throw error;
      throw new VaultError(`the sealed ${kind} of connection ${connectionId} is malformed`);
    }
  }
}
