import { Injectable } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { AccountLookup } from './account-lookup.js';
import { AccountRepository } from './account.repository.js';
import { toAccountView, type AccountView } from './account-view.js';

@Injectable()
export class GetAccountUseCase {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly accounts: AccountRepository,
    private readonly clock: Clock,
  ) {}

  async execute(retailerId: string, email: string): Promise<AccountView> {
    const account = await this.lookup.require(retailerId, email);
    return toAccountView(account, await this.accounts.stats(account.id, this.clock.now()));
  }
}
