import { Injectable } from '@nestjs/common';
import { notFound } from '../common/sandbox-error.js';
import { AccountRepository, type Account } from './account.repository.js';
import { normalizeEmail } from './secrets.js';

/** The admin API names accounts by retailer and email. */
@Injectable()
export class AccountLookup {
  constructor(private readonly accounts: AccountRepository) {}

  async require(retailerId: string, email: string): Promise<Account> {
    const account = await this.accounts.findByEmail(retailerId, normalizeEmail(email));
    if (!account) throw notFound(`no ${retailerId} account ${email}`);
    return account;
  }
}
