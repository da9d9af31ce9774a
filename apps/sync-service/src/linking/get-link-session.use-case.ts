import { Injectable } from '@nestjs/common';
import { LinkSessionFlow, type LinkSessionView } from './link-session-flow.js';

/** The page the shopper is on. */
@Injectable()
export class GetLinkSessionUseCase {
  constructor(private readonly flow: LinkSessionFlow) {}

  async execute(secret: string): Promise<LinkSessionView> {
    return this.flow.view(await this.flow.load(secret));
  }
}
