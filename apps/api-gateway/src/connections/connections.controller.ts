import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, Caller } from '../auth/access-policy.js';
import { actorOf, connectionChange, type Principal } from '../auth/principal.js';
import { SyncClient } from '../clients/sync.client.js';
import { ApiEndpoint } from '../openapi/api-endpoint.decorator.js';
import {
  ActivityLogResponse,
  ConnectionListResponse,
  ConnectionPath,
  ConnectionResponse,
  ConnectionTokenBody,
  ConnectionTokenResponse,
  CreateConnectionBody,
  ListConnectionsQuery,
  UpdateConnectionBody,
} from './dto/connection.dto.js';
import { IssueConnectionTokenUseCase } from './issue-connection-token.use-case.js';
import { ListConnectionActivityUseCase } from './list-connection-activity.use-case.js';
import { toPublicConnection, type PublicConnection } from './public-connection.js';

@Controller('connections')
@ApiTags('Connections')
export class ConnectionsController {
  constructor(
    private readonly sync: SyncClient,
    private readonly listActivity: ListConnectionActivityUseCase,
    private readonly issueToken: IssueConnectionTokenUseCase,
  ) {}

  @Get()
  @Access({ apiKey: true, oauth: 'connections:read' })
  @ApiEndpoint({
    summary: 'List connections',
    description: 'Newest first. Filters combine; `starting_after` pages on.',
    status: 200,
    response: ConnectionListResponse,
  })
  async list(
    @Caller() caller: Principal,
    @Query() query: ListConnectionsQuery,
  ): Promise<{ connections: PublicConnection[]; has_more: boolean }> {
    const page = await this.sync.listConnections({ teamId: caller.teamId, ...query });
    return { connections: page.connections.map(toPublicConnection), has_more: page.has_more };
  }

  @Post()
  @Access({ apiKey: true, oauth: 'connections:write' })
  @ApiEndpoint({
    summary: 'Create a connection',
    description: 'Creates a connection in `initialized` for a retailer enabled for your team.',
    status: 201,
    response: ConnectionResponse,
  })
  async create(@Caller() caller: Principal, @Body() body: CreateConnectionBody): Promise<PublicConnection> {
    return toPublicConnection(
      await this.sync.createConnection({ teamId: caller.teamId, actor: actorOf(caller), ...body }),
    );
  }

  @Get(':connection_id')
  @Access({ apiKey: true, oauth: 'connections:read' })
  @ApiEndpoint({ summary: 'Get a connection', status: 200, response: ConnectionResponse })
  async get(@Caller() caller: Principal, @Param() path: ConnectionPath): Promise<PublicConnection> {
    return toPublicConnection(
      await this.sync.getConnection({ teamId: caller.teamId, connectionId: path.connection_id }),
    );
  }

  @Patch(':connection_id')
  @Access({ apiKey: true, oauth: 'connections:write' })
  @ApiEndpoint({
    summary: 'Update a connection',
    description: 'Changes only the fields sent. `status` accepts only `disconnected`, which stops collection.',
    status: 200,
    response: ConnectionResponse,
  })
  async update(
    @Caller() caller: Principal,
    @Param() path: ConnectionPath,
    @Body() body: UpdateConnectionBody,
  ): Promise<PublicConnection> {
    const connection = await this.sync.updateConnection({ ...connectionChange(caller, path.connection_id), ...body });
    return toPublicConnection(connection);
  }

  @Delete(':connection_id')
  @Access({ apiKey: true, oauth: 'connections:write' })
  @ApiEndpoint({
    summary: 'Delete a connection',
    description: 'Collection stops; the connection and its purchases are no longer readable.',
    status: 204,
    response: null,
  })
  async remove(@Caller() caller: Principal, @Param() path: ConnectionPath): Promise<void> {
    await this.sync.deleteConnection(connectionChange(caller, path.connection_id));
  }

  @Get(':connection_id/activity')
  @Access({ apiKey: true, oauth: 'connections:read' })
  @ApiEndpoint({
    summary: 'Activity log of a connection',
    description:
      'Description version: 0.1.0.\n\nEvery change of the connection, newest first: who made it (`event_source`, ' +
      '`source_id_type`, `source_id_name`) and the connection before and after. Send `x-api-key`, or an OAuth ' +
      'access token with `connections:read` in `authorization`.',
    status: 200,
    response: ActivityLogResponse,
  })
  activity(@Caller() caller: Principal, @Param() path: ConnectionPath) {
    return this.listActivity.execute(caller.teamId, path.connection_id);
  }

  @Post(':connection_id/token')
  @Access({ apiKey: true })
  @ApiEndpoint({
    summary: 'Issue a connection token',
    description:
      "A JWT granting `access` to this connection's purchases, valid `expires_in` seconds. Send it as " +
      '`Authorization: Bearer <connection_token>` together with your `x-api-key` to `GET /purchases`.',
    status: 200,
    response: ConnectionTokenResponse,
  })
  token(@Caller() caller: Principal, @Param() path: ConnectionPath, @Body() _body: ConnectionTokenBody) {
    return this.issueToken.execute(caller.teamId, path.connection_id);
  }
}
