import { Body, Controller, Get, Post, Query, Res, UseGuards } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { field, notice, when, type Form } from '../web/forms.js';
import { html, table } from '../web/html.js';
import { buttonForm, page } from '../web/layout.js';
import { changeThenRedirect } from '../web/refusals.js';

const KINDS: Record<AuthContracts.TeamConnector['kind'], string> = {
  registered: 'registered client',
  metadata_document: 'client metadata document',
};

/**
 * MCP connectors: the data-query clients a user of the team authorized (tied to this team at consent), with their
 * scopes, and a disconnect that revokes their refresh tokens (auth-server, `auth.disconnect-connector.v1`).
 */
@Controller('connectors')
@UseGuards(SignedIn)
export class ConnectorsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async list(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    res.type('html').send(await this.render(viewer, notice(query), null));
  }

  /** The client id travels in the form: a metadata-document client's id is a URL. */
  @Post('disconnect')
  async disconnect(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    await changeThenRedirect(
      res,
      () =>
        this.rpc.request(AuthContracts.disconnectConnector, {
          clientId: field(form, 'client_id'),
          teamId: viewer.teamId,
        }),
      '/connectors?notice=connector_disconnected',
      (error) => this.render(viewer, null, `Connector not disconnected: ${error}`),
      404,
    );
  }

  private async render(viewer: SignedInViewer, noticeText: string | null, error: string | null): Promise<string> {
    const { connectors } = await this.rpc.request(AuthContracts.listConnectors, { teamId: viewer.teamId });
    return page(
      viewer,
      { title: 'MCP connectors', section: '/connectors', notice: noticeText, error },
      html`<p class="muted">
          Assistants and other MCP clients a member of this team authorized to ask questions about its data. A connector
          is tied to the team chosen when it was authorized; disconnecting revokes its token, and it needs a new
          authorization to come back.
        </p>
        <div class="card">
          ${
            connectors.length === 0
              ? html`<p>No MCP connector is authorized on this team.</p>`
              : table(
                  ['Client', 'Scopes', 'Authorized', 'Last used', html`<span class="muted">Disconnect</span>`],
                  connectors.map((connector) => [
                    html`${connector.name}<br /><span class="mono muted">${connector.client_id}</span>
                      <span class="muted">(${KINDS[connector.kind]})</span>`,
                    html`<span class="mono">${connector.scope}</span>`,
                    when(connector.authorized_at),
                    when(connector.last_used_at),
                    buttonForm(viewer, '/connectors/disconnect', {
                      label: 'Disconnect',
                      ariaLabel: `Disconnect ${connector.name}`,
                      kind: 'danger',
                      confirm: 'Disconnect this connector? Its token is revoked; it needs a new authorization.',
                      fields: { client_id: connector.client_id },
                    }),
                  ]),
                  'Last used: when the connector last obtained a token (its authorization or a refresh).',
                  'connectors',
                )
          }
        </div>`,
    );
  }
}
