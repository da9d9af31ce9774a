import { Module } from '@nestjs/common';
import { orderedFeedProvider } from '../auth/ordered-feed.provider.js';
import { BrandNames } from './brand-names.js';
import { BrandProfileChangesFeed } from './brand-profile-changes.feed.js';
import { LinkPageFilter } from './link-page.filter.js';
import { LinkSessions } from './link-sessions.js';
import { LinkSite } from './link-site.js';
import { LinkController } from './link.controller.js';

/** The hosted link flow's pages (`{base_url}/link`); its state lives in sync-service. */
@Module({
  controllers: [LinkController],
  providers: [
    LinkSessions,
    LinkSite,
    LinkPageFilter,
    BrandNames,
    orderedFeedProvider(BrandProfileChangesFeed, BrandNames),
  ],
})
export class LinkModule {}
