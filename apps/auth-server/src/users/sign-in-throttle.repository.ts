import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthContracts } from '@cps/contracts';
import { SIGN_IN_THROTTLE, type ThrottleRule } from '@cps/domain';
import { recordEvents } from '@cps/messaging';

export type ThrottleClaim =
  { kind: 'open'; failures: number; lockSeconds: number } | { kind: 'locked'; retryAfterSeconds: number };

// The failure count after this attempt: a count idle for longer than forgetAfterSeconds starts over.
const COUNT = `CASE WHEN f.last_failure_at < now() - make_interval(secs => $5) THEN 1 ELSE f.failures + 1 END`;
// lockSecondsAfter of @cps/domain (sign-in-throttle.ts), over that count: in the same statement, so concurrent
// attempts each see the lock the one before them set.
const lockAfter = (count: string) =>
  `CASE WHEN ${count} > $2 THEN LEAST($3 * power(2, ${count} - $2 - 1), $4) ELSE 0 END`;

/**
 * Failed sign-ins per subject in Postgres, shared by every replica. An attempt is counted as a failure before its
 * password is checked (`claim`), in one statement that also refuses a locked subject, so a burst of concurrent
 * guesses cannot all pass before the first lock lands; a success takes its count back.
 */
@Injectable()
export class SignInThrottleRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async claim(subject: string, rule: ThrottleRule): Promise<ThrottleClaim> {
    const rows = (await this.db.query(
      `INSERT INTO auth.sign_in_failures AS f (subject, failures, last_failure_at, locked_until)
       VALUES ($1, 1, now(), CASE WHEN 1 > $2 THEN now() + make_interval(secs => $3) END)
       ON CONFLICT (subject) DO UPDATE SET
         failures = ${COUNT},
         last_failure_at = now(),
         locked_until = CASE WHEN ${lockAfter(COUNT)} > 0 THEN now() + make_interval(secs => ${lockAfter(COUNT)}) END
       WHERE f.locked_until IS NULL OR f.locked_until <= now()
       RETURNING failures, COALESCE(EXTRACT(EPOCH FROM locked_until - now()), 0)::float AS lock_seconds`,
      [subject, rule.free, rule.firstLockSeconds, rule.maxLockSeconds, SIGN_IN_THROTTLE.forgetAfterSeconds],
    )) as Array<{ failures: number; lock_seconds: number }>;
    if (rows[0]) return { kind: 'open', failures: rows[0].failures, lockSeconds: Math.round(rows[0].lock_seconds) };
    const [locked] = (await this.db.query(
      `SELECT GREATEST(EXTRACT(EPOCH FROM locked_until - now()), 1)::float AS seconds
         FROM auth.sign_in_failures WHERE subject = $1`,
      [subject],
    )) as Array<{ seconds: number }>;
    return { kind: 'locked', retryAfterSeconds: Math.ceil(locked?.seconds ?? 1) };
  }

  /** Takes back an attempt counted by `claim` that did not fail (the password was right, or another lock refused). */
  async release(subject: string): Promise<void> {
    await this.db.query(`UPDATE auth.sign_in_failures SET failures = GREATEST(failures - 1, 0) WHERE subject = $1`, [
      subject,
    ]);
  }

  /** A right password: the account starts over. */
  async forget(subject: string): Promise<void> {
    await this.db.query(`DELETE FROM auth.sign_in_failures WHERE subject = $1`, [subject]);
  }

  /**
   * A lockout, in the audit of every team the user belongs to (`auth.team_audit`) and, in the same transaction,
   * `auth.sign-in.locked.v1` per team for the dashboard's audit log.
   */
  async auditLockout(
    userId: string,
    lockout: { email: string; failures: number; lockedSeconds: number; address: string | null },
  ): Promise<void> {
    const details = { failures: lockout.failures, locked_seconds: lockout.lockedSeconds, address: lockout.address };
    await this.db.transaction(async (tx) => {
      const teams = (await tx.query(
        `INSERT INTO auth.team_audit (team_id, actor, action, details)
         SELECT team_id, 'user:' || $1, 'sign_in.locked', $2::jsonb FROM auth.memberships WHERE user_id = $1
         RETURNING team_id`,
        [userId, JSON.stringify(details)],
      )) as Array<{ team_id: string }>;
      await recordEvents(
        tx,
        'auth',
        AuthContracts.signInLocked,
        teams.map(({ team_id: teamId }) => ({ data: { teamId, ...lockout }, meta: { teamId } })),
      );
    });
  }
}
