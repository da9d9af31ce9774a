import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards, UsePipes } from '@nestjs/common';
import { parseMoney } from '@cps/domain';
import { ChangePasswordUseCase } from '../accounts/change-password.use-case.js';
import { CreateAccountUseCase } from '../accounts/create-account.use-case.js';
import { ExpireSessionsUseCase } from '../accounts/expire-sessions.use-case.js';
import { GetAccountUseCase } from '../accounts/get-account.use-case.js';
import { RetailerIdPipe } from '../common/retailer-id.pipe.js';
import { sandboxValidationPipe } from '../common/sandbox-validation.pipe.js';
import { ClearFailuresUseCase } from '../failures/clear-failures.use-case.js';
import { InjectFailureUseCase } from '../failures/inject-failure.use-case.js';
import { ListFailuresUseCase } from '../failures/list-failures.use-case.js';
import { AddOrdersUseCase, type NewOrders } from '../orders/add-orders.use-case.js';
import { AdminTokenGuard } from './admin-token.guard.js';
import { AddOrdersBody, ChangePasswordBody, CreateAccountBody, InjectFailureBody } from './admin.dto.js';

/** Test controls: accounts, orders, broken sessions and injected failures. Accounts are named by email. */
@Controller('admin/r/:retailerId')
@UseGuards(AdminTokenGuard)
@UsePipes(sandboxValidationPipe({ strict: true }))
export class AdminController {
  constructor(
    private readonly createAccount: CreateAccountUseCase,
    private readonly getAccount: GetAccountUseCase,
    private readonly changePassword: ChangePasswordUseCase,
    private readonly expireSessions: ExpireSessionsUseCase,
    private readonly addOrders: AddOrdersUseCase,
    private readonly injectFailure: InjectFailureUseCase,
    private readonly listFailures: ListFailuresUseCase,
    private readonly clearFailures: ClearFailuresUseCase,
  ) {}

  @Post('accounts')
  create(@Param('retailerId', RetailerIdPipe) retailerId: string, @Body() request: CreateAccountBody) {
    return this.createAccount.execute(retailerId, {
      email: request.email,
      password: request.password,
      oneTimeCode: request.one_time_code,
    });
  }

  @Get('accounts/:email')
  account(@Param('retailerId', RetailerIdPipe) retailerId: string, @Param('email') email: string) {
    return this.getAccount.execute(retailerId, email);
  }

  @Post('accounts/:email/orders')
  orders(
    @Param('retailerId', RetailerIdPipe) retailerId: string,
    @Param('email') email: string,
    @Body() body: AddOrdersBody,
  ) {
    return this.addOrders.execute(retailerId, email, toNewOrders(body));
  }

  /** Sessions end as if their lifetime ran out; the password still signs in. */
  @Post('accounts/:email/sessions/expire')
  @HttpCode(200)
  expire(@Param('retailerId', RetailerIdPipe) retailerId: string, @Param('email') email: string) {
    return this.expireSessions.execute(retailerId, email);
  }

  /** The shopper changed their password: every session is revoked and the old password stops working. */
  @Post('accounts/:email/password')
  @HttpCode(200)
  password(
    @Param('retailerId', RetailerIdPipe) retailerId: string,
    @Param('email') email: string,
    @Body() body: ChangePasswordBody,
  ) {
    return this.changePassword.execute(retailerId, email, body.password);
  }

  @Post('failures')
  inject(@Param('retailerId', RetailerIdPipe) retailerId: string, @Body() request: InjectFailureBody) {
    return this.injectFailure.execute(retailerId, {
      accountEmail: request.account_email,
      kind: request.kind,
      scope: request.scope,
      delayMs: request.delay_ms,
      status: request.status,
      retryAfterSeconds: request.retry_after_seconds,
      times: request.times,
      forSeconds: request.for_seconds,
    });
  }

  @Get('failures')
  failures(@Param('retailerId', RetailerIdPipe) retailerId: string) {
    return this.listFailures.execute(retailerId);
  }

  @Delete('failures')
  @HttpCode(204)
  async clearAll(@Param('retailerId', RetailerIdPipe) retailerId: string): Promise<void> {
    await this.clearFailures.execute(retailerId);
  }

  @Delete('failures/:failureId')
  @HttpCode(204)
  async clear(
    @Param('retailerId', RetailerIdPipe) retailerId: string,
    @Param('failureId') failureId: string,
  ): Promise<void> {
    await this.clearFailures.execute(retailerId, failureId);
  }
}

function toNewOrders(body: AddOrdersBody): NewOrders {
  const orderedAt = body.ordered_at === undefined ? undefined : new Date(body.ordered_at);
  if (body.lines) {
    return {
      kind: 'given',
      lines: body.lines.map((line) => ({
        name: line.name,
        brand: line.brand,
        upc: line.upc,
        sku: line.sku,
        unitPriceCents: parseMoney(line.unit_price),
        quantity: line.quantity,
      })),
      channel: body.channel,
      storeNumber: body.store_number,
      orderedAt,
      charges: {
        discountCents: cents(body.discounts),
        shippingCents: cents(body.shipping),
        feesCents: cents(body.fees),
        taxRateBasisPoints: body.tax_rate_bps ?? 0,
      },
    };
  }
  return {
    kind: 'random',
    count: body.count ?? 1,
    itemCount: body.items,
    channel: body.channel,
    orderedAt,
    backDateDays: body.back_date_days,
  };
}

const cents = (amount: string | undefined): number => (amount === undefined ? 0 : parseMoney(amount));
