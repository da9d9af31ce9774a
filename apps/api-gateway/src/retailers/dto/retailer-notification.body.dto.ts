import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

/** A retailer's push: this account has new orders. */
export class RetailerNotificationBody {
  /** The account: hex SHA-256 of `{retailer_id}:{sign-in email, trimmed and lower-cased}` (no email is sent) @example 9f2c0b1e8d7a6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170f6e5d4c */
  @ApiProperty()
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: 'account_ref must be 64 lowercase hex characters' })
  account_ref!: string;
}
