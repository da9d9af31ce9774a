import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  UsePipes,
} from '@nestjs/common';
import { type Response } from 'express';
import { AnswerOneTimeCodeUseCase } from '../accounts/answer-one-time-code.use-case.js';
import { type IssuedSession } from '../accounts/session-issuer.js';
import { SignInUseCase } from '../accounts/sign-in.use-case.js';
import { SignOutUseCase } from '../accounts/sign-out.use-case.js';
import { RetailerIdPipe } from '../common/retailer-id.pipe.js';
import { sandboxValidationPipe } from '../common/sandbox-validation.pipe.js';
import { GetOrderUseCase } from '../orders/get-order.use-case.js';
import { GetOrdersUseCase } from '../orders/get-orders.use-case.js';
import { ListOrdersUseCase } from '../orders/list-orders.use-case.js';
import { bearerToken, ListOrdersQuery, OneTimeCodeBody, OrderDetailsQuery, SignInBody } from './retailer-api.dto.js';

const sessionView = (session: IssuedSession) => ({
  session_token: session.token,
  expires_at: session.expiresAt.toISOString(),
});

/** What a retailer's website offers a signed-in shopper, the way an aggregator reaches it. */
@Controller('r/:retailerId')
@UsePipes(sandboxValidationPipe({ strict: false }))
export class RetailerApiController {
  constructor(
    private readonly signIn: SignInUseCase,
    private readonly answerOneTimeCode: AnswerOneTimeCodeUseCase,
    private readonly signOut: SignOutUseCase,
    private readonly listOrders: ListOrdersUseCase,
    private readonly getOrder: GetOrderUseCase,
    private readonly getOrders: GetOrdersUseCase,
  ) {}

  /** 201 with a session, or 202 with a one-time-code challenge; 401 `invalid_credentials`. */
  @Post('sessions')
  @Header('Cache-Control', 'no-store')
  async createSession(
    @Param('retailerId', RetailerIdPipe) retailerId: string,
    @Body() body: SignInBody,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.signIn.execute(retailerId, { email: body.email, password: body.password });
    if (outcome.kind === 'session') return sessionView(outcome.session);
    response.status(202);
    return {
      one_time_code_required: true,
      challenge_id: outcome.challengeId,
      sent_to: outcome.sentTo,
      expires_at: outcome.expiresAt.toISOString(),
    };
  }

  /** 201 with a session; 401 `invalid_code` (with `attempts_left`); 410 `challenge_expired`. */
  @Post('sessions/one-time-code')
  @Header('Cache-Control', 'no-store')
  async answerCode(@Param('retailerId', RetailerIdPipe) retailerId: string, @Body() answer: OneTimeCodeBody) {
    return sessionView(
      await this.answerOneTimeCode.execute(retailerId, { challengeId: answer.challenge_id, code: answer.code }),
    );
  }

  @Delete('sessions/current')
  @HttpCode(204)
  async endSession(
    @Param('retailerId', RetailerIdPipe) retailerId: string,
    @Headers('authorization') authorization?: string,
  ): Promise<void> {
    await this.signOut.execute(retailerId, bearerToken(authorization));
  }

  @Get('orders')
  orders(
    @Param('retailerId', RetailerIdPipe) retailerId: string,
    @Query() query: ListOrdersQuery,
    @Headers('authorization') authorization?: string,
  ) {
    return this.listOrders.execute(retailerId, bearerToken(authorization), query);
  }

  /** Several orders' details in one call (`?ids=a,b`), so a reader of a page of 50 new orders makes 2 calls, not 51. */
  @Get('order-details')
  orderDetails(
    @Param('retailerId', RetailerIdPipe) retailerId: string,
    @Query() query: OrderDetailsQuery,
    @Headers('authorization') authorization?: string,
  ) {
    return this.getOrders.execute(retailerId, bearerToken(authorization), query.ids);
  }

  @Get('orders/:orderId')
  order(
    @Param('retailerId', RetailerIdPipe) retailerId: string,
    @Param('orderId') orderId: string,
    @Headers('authorization') authorization?: string,
  ) {
    return this.getOrder.execute(retailerId, bearerToken(authorization), orderId);
  }
}
