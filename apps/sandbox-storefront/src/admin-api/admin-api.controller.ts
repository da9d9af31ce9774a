import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
  Param,
  Post,
  UnauthorizedException,
  UnprocessableEntityException,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { type Request } from 'express';
import { hashPassword } from '@cps/persistence';
import { STOREFRONT_CONFIG, type SandboxStorefrontConfig } from '../config.js';
import { CustomerRepository, type Customer } from '../customers/customer.repository.js';

/** `X-Shopify-Access-Token` must be the app's Admin API token. */
@Injectable()
class AdminTokenGuard implements CanActivate {
  private readonly token: Buffer;

  constructor(@Inject(STOREFRONT_CONFIG) config: Pick<SandboxStorefrontConfig, 'SANDBOX_ADMIN_API_TOKEN'>) {
    this.token = Buffer.from(config.SANDBOX_ADMIN_API_TOKEN);
  }

  canActivate(context: ExecutionContext): boolean {
    const sent = context.switchToHttp().getRequest<Request>().headers['x-shopify-access-token'];
    const given = Buffer.from(typeof sent === 'string' ? sent : '');
    if (given.length !== this.token.length || !timingSafeEqual(given, this.token)) {
      throw new UnauthorizedException({
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
    return true;
  }
}

/** Shopify's REST customer resource (the fields the app reads): tags as one comma-separated string. */
const customerResource = (customer: Customer) => ({
  customer: {
    id: Number(customer.id),
    email: customer.email,
    first_name: customer.firstName,
    tags: customer.tags.join(', '),
  },
});

const invalid = (field: string, message: string) =>
  new UnprocessableEntityException({ errors: { [field]: [message] } });

function stringField(input: Record<string, unknown>, name: string, max: number, required: boolean): string {
  const value = input[name];
  if (value === undefined || value === null) {
    if (required) throw invalid(name, "can't be blank");
    return '';
  }
  if (typeof value !== 'string') throw invalid(name, 'must be a string');
  if (value.length > max) throw invalid(name, `is too long (maximum is ${max} characters)`);
  return value;
}

/**
 * The platform's Admin API, the part the app and the tests use: read a customer (storefront-proxy asks it for
 * the email and tags its visibility rules need) and create one (customer accounts of the sandbox shop).
 */
@Controller('admin/api/:version')
@UseGuards(AdminTokenGuard)
export class AdminApiController {
  constructor(private readonly customers: CustomerRepository) {}

  @Get('customers/:file')
  async customer(@Param('file') file: string) {
    const id = /^(\d{1,18})\.json$/.exec(file)?.[1];
    const customer = id ? await this.customers.find(id) : null;
    if (!customer) throw new NotFoundException({ errors: 'Not Found' });
    return customerResource(customer);
  }

  /** `{"customer": {"email", "password", "first_name"?, "tags"?: "vip, newsletter"}}` -> 201. */
  @Post('customers.json')
  @HttpCode(HttpStatus.CREATED)
  async create(@Body() body: unknown) {
    const input = (body as { customer?: unknown } | null)?.customer;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalid('customer', 'is required');
    const fields = input as Record<string, unknown>;
    const email = stringField(fields, 'email', 254, true).trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid('email', 'is invalid');
    const password = stringField(fields, 'password', 256, true);
    if (password.length < 8) throw invalid('password', 'is too short (minimum is 8 characters)');
    const tags = stringField(fields, 'tags', 1000, false)
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    const created = await this.customers.create({
      email,
      passwordHash: await hashPassword(password),
      firstName: stringField(fields, 'first_name', 100, false).trim(),
      tags,
    });
    if (!created) throw invalid('email', 'has already been taken');
    return customerResource(created);
  }
}
