import { Column, PrimaryColumn } from 'typeorm';

/**
 * The first columns of a team's row: its text id, and the team it belongs to (the argument every read of it
 * takes). Entities extend it; it is no table of its own.
 */
export abstract class TeamRow {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  teamId!: string;
}
