import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import { ValidBody, ValidPath, ValidQuery } from '../http/request-parts.decorator.js';
import { ApiTag, Endpoint } from '../openapi/endpoint.decorator.js';
import { CreateConnectionUseCase } from './create-connection.use-case.js';
import { DeleteConnectionUseCase } from './delete-connection.use-case.js';
import {
  activityLogResponseSchema,
  connectionListResponseSchema,
  connectionPathSchema,
  connectionResponseSchema,
  connectionTokenBodySchema,
  connectionTokenResponseSchema,
  createConnectionBodySchema,
  listConnectionsQuerySchema,
  updateConnectionBodySchema,
  type ConnectionPath,
  type CreateConnectionBody,
  type ListConnectionsQuery,
  type UpdateConnectionBody,
} from './dto/connection.dto.js';
import { GetConnectionUseCase } from './get-connection.use-case.js';
import { IssueConnectionTokenUseCase } from './issue-connection-token.use-case.js';
import { ListConnectionActivityUseCase } from './list-connection-activity.use-case.js';
import { ListConnectionsUseCase } from './list-connections.use-case.js';
import { UpdateConnectionUseCase } from './update-connection.use-case.js';

@Controller('connections')
@ApiTag('Connections')
export class ConnectionsController {
  constructor(
    private readonly listConnections: ListConnectionsUseCase,
    private readonly createConnection: CreateConnectionUseCase,
    private readonly getConnection: GetConnectionUseCase,
    private readonly updateConnection: UpdateConnectionUseCase,
    private readonly deleteConnection: DeleteConnectionUseCase,
    private readonly listActivity: ListConnectionActivityUseCase,
    private readonly issueToken: IssueConnectionTokenUseCase,
  ) {}

  @Get()
  @Access({ apiKey: true, oauth: 'connections:read' })
  @Endpoint({
    summary: 'List connections',
    description: 'Newest first. Filters combine; `starting_after` pages on.',
    status: 200,
    response: connectionListResponseSchema,
  })
  list(@Caller() caller: Principal, @ValidQuery(listConnectionsQuerySchema) query: ListConnectionsQuery) {
    return this.listConnections.execute(caller.teamId, query);
  }

  @Post()
  @Access({ apiKey: true, oauth: 'connections:write' })
  @Endpoint({
    summary: 'Create a connection',
    description: 'Creates a connection in `initialized` for a retailer enabled for your team.',
    status: 201,
    response: connectionResponseSchema,
  })
  create(@Caller() caller: Principal, @ValidBody(createConnectionBodySchema) body: CreateConnectionBody) {
    return this.createConnection.execute(caller, body);
  }

  @Get(':connection_id')
  @Access({ apiKey: true, oauth: 'connections:read' })
  @Endpoint({ summary: 'Get a connection', status: 200, response: connectionResponseSchema })
  get(@Caller() caller: Principal, @ValidPath(connectionPathSchema) path: ConnectionPath) {
    return this.getConnection.execute(caller.teamId, path.connection_id);
  }

  @Patch(':connection_id')
  @Access({ apiKey: true, oauth: 'connections:write' })
  @Endpoint({
    summary: 'Update a connection',
    description: 'Changes only the fields sent. `status` accepts only `disconnected`, which stops collection.',
    status: 200,
    response: connectionResponseSchema,
  })
  update(
    @Caller() caller: Principal,
    @ValidPath(connectionPathSchema) path: ConnectionPath,
    @ValidBody(updateConnectionBodySchema) body: UpdateConnectionBody,
  ) {
    return this.updateConnection.execute(caller, path.connection_id, body);
  }

  @Delete(':connection_id')
  @Access({ apiKey: true, oauth: 'connections:write' })
  @Endpoint({
    summary: 'Delete a connection',
    description: 'Collection stops; the connection and its purchases are no longer readable.',
    status: 204,
    response: null,
  })
  async remove(@Caller() caller: Principal, @ValidPath(connectionPathSchema) path: ConnectionPath): Promise<void> {
    await this.deleteConnection.execute(caller, path.connection_id);
  }

  @Get(':connection_id/activity')
  @Access({ apiKey: true, oauth: 'connections:read' })
  @Endpoint({
    summary: 'Activity log of a connection',
    description:
      'Description version: 0.1.0.\n\nEvery change of the connection, newest first: who made it (`event_source`, ' +
      '`source_id_type`, `source_id_name`) and the connection before and after. Send `x-api-key`, or an OAuth ' +
      'access token with `connections:read` in `authorization`.',
    status: 200,
    response: activityLogResponseSchema,
  })
  activity(@Caller() caller: Principal, @ValidPath(connectionPathSchema) path: ConnectionPath) {
    return this.listActivity.execute(caller.teamId, path.connection_id);
  }

  @Post(':connection_id/token')
  @Access({ apiKey: true })
  @Endpoint({
    summary: 'Issue a connection token',
    description:
      "A JWT granting `access` to this connection's purchases, valid `expires_in` seconds. Send it as " +
      '`Authorization: Bearer <connection_token>` together with your `x-api-key` to `GET /purchases`.',
    status: 200,
    response: connectionTokenResponseSchema,
  })
  token(
    @Caller() caller: Principal,
    @ValidPath(connectionPathSchema) path: ConnectionPath,
    @ValidBody(connectionTokenBodySchema) _body: unknown,
  ) {
    return this.issueToken.execute(caller.teamId, path.connection_id);
  }
}
