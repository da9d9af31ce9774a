import { Get, Post, Res } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { CurrentViewer, type SignedInViewer } from '../session/viewer.js';
import { sendCsv } from '../web/csv.js';
import { DashboardPage, FormQuery, IdPath, NoticeQuery, PathOf, ShowPage, Posted } from '../web/form-input.js';
import { attempt, sendPage } from '../web/refusals.js';
import { connectionPage, connectionsPage, disconnectRefusedPage, purchasePage } from './connections.view.js';
import { ConnectionFilterQuery, PurchasePath } from './dto/connections.dto.js';
import { ExportConnections } from './export-connections.use-case.js';
import { ListConnections } from './list-connections.use-case.js';
import { ShowConnection } from './show-connection.use-case.js';
import { ShowPurchase } from './show-purchase.use-case.js';

/** Connections: search and filters, a connection's activity and purchases, disconnect. */
@DashboardPage('connections')
export class ConnectionsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly connections: ListConnections,
    private readonly connectionsExport: ExportConnections,
    private readonly connection: ShowConnection,
    private readonly purchases: ShowPurchase,
  ) {}

  /** The filtered list as CSV (the matching connections, newest first). */
  @Get('export.csv')
  async export(
    @CurrentViewer() viewer: SignedInViewer,
    @FormQuery(ConnectionFilterQuery) filter: ConnectionFilterQuery,
    @Res() res: Response,
  ) {
    const { headers, rows } = await this.connectionsExport.execute(viewer.teamId, viewer.testMode ?? false, filter);
    sendCsv(res, 'connections.csv', headers, rows);
  }

  @ShowPage()
  async list(@CurrentViewer() viewer: SignedInViewer, @FormQuery(ConnectionFilterQuery) filter: ConnectionFilterQuery) {
    const view = await this.connections.execute(viewer.teamId, viewer.testMode ?? false, filter);
    return connectionsPage(viewer, view, { notice: filter.text });
  }

  @ShowPage(':id')
  async detail(
    @CurrentViewer() viewer: SignedInViewer,
    @PathOf(IdPath) { id }: IdPath,
    @FormQuery(NoticeQuery) query: NoticeQuery,
  ) {
    return connectionPage(viewer, await this.connection.execute(viewer.teamId, id), { notice: query.text });
  }

  @ShowPage(':id/purchases/:purchaseId')
  async purchase(@CurrentViewer() viewer: SignedInViewer, @PathOf(PurchasePath) { id, purchaseId }: PurchasePath) {
    return purchasePage(viewer, id, await this.purchases.execute(viewer.teamId, id, purchaseId));
  }

  /** Disconnect through sync-service's rule set, recorded as `event_source` `Dashboard` by this user. */
  @Post(':id/disconnect')
  async disconnect(@Posted() { viewer, id }: Posted, @Res() res: Response) {
    const result = await attempt(() =>
      this.rpc.request(SyncContracts.updateConnection, {
        teamId: viewer.teamId,
        connectionId: id,
        actor: viewer.actor,
        status: 'disconnected',
      }),
    );
    if (!result.ok) {
      sendPage(res, 409, disconnectRefusedPage(viewer, id, result.error));
      return;
    }
    res.redirect(303, `/connections/${encodeURIComponent(id)}?notice=disconnected`);
  }
}
