import { Column } from 'typeorm';
import { TeamRow } from '@cps/persistence';

/**
 * The columns of a team's row about one customer: its id at the team, contact details and tags. A link token and
 * the link session it starts carry them to the connection the link creates (the tags are recorded on it); the email
 * and mobile of a token serve the link flow (prefill, audience rules) and are never listed.
 */
export abstract class CustomerRow extends TeamRow {
  @Column('text')
  customerId!: string;

  @Column('text', { nullable: true })
  email!: string | null;

  @Column('text', { nullable: true })
  mobile!: string | null;

  @Column('jsonb')
  tags!: Record<string, string>;
}
