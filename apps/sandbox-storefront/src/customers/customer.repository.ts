import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sha256 } from '@cps/persistence';
import { DataSource } from 'typeorm';

/** A customer account of the sandbox shop. `id` is numeric text, as the platform's `logged_in_customer_id`. */
export interface Customer {
  id: string;
  email: string;
  firstName: string;
  tags: string[];
}

interface CustomerRow {
  id: string;
  email: string;
  first_name: string;
  tags: string[];
  password_hash: string;
}

const toCustomer = (row: CustomerRow): Customer => ({
  id: String(row.id),
  email: row.email,
  firstName: row.first_name,
  tags: row.tags,
});

export interface NewCustomer {
  email: string;
  passwordHash: string;
  firstName: string;
  tags: string[];
}

@Injectable()
export class CustomerRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The new customer, or null when the email is taken. */
  async create(customer: NewCustomer): Promise<Customer | null> {
    const rows = (await this.db.query(
      `INSERT INTO sandbox_storefront.customers (email, password_hash, first_name, tags) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO NOTHING RETURNING *`,
      [customer.email, customer.passwordHash, customer.firstName, customer.tags],
    )) as CustomerRow[];
    return rows[0] ? toCustomer(rows[0]) : null;
  }

  async find(id: string): Promise<Customer | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const rows = (await this.db.query(`SELECT * FROM sandbox_storefront.customers WHERE id = $1`, [
      id,
    ])) as CustomerRow[];
    return rows[0] ? toCustomer(rows[0]) : null;
  }

  /** The customer and their password hash, for sign-in. */
  async findByEmail(email: string): Promise<{ customer: Customer; passwordHash: string } | null> {
    const rows = (await this.db.query(`SELECT * FROM sandbox_storefront.customers WHERE email = $1`, [
      email,
    ])) as CustomerRow[];
    return rows[0] ? { customer: toCustomer(rows[0]), passwordHash: rows[0].password_hash } : null;
  }

  /** A new session of the customer: the cookie value (only its SHA-256 is stored). */
  async openSession(customerId: string, expiresAt: Date): Promise<string> {
    const token = `sbx_shop_${randomBytes(32).toString('base64url')}`;
    await this.db.query(
      `INSERT INTO sandbox_storefront.sessions (token_hash, customer_id, expires_at) VALUES ($1, $2, $3)`,
      [sha256(token), customerId, expiresAt],
    );
    return token;
  }

  /** The signed-in customer of a session cookie, or null. */
  async customerOfSession(token: string, now: Date): Promise<Customer | null> {
    const rows = (await this.db.query(
      `SELECT c.* FROM sandbox_storefront.sessions s JOIN sandbox_storefront.customers c ON c.id = s.customer_id
       WHERE s.token_hash = $1 AND s.expires_at > $2`,
      [sha256(token), now],
    )) as CustomerRow[];
    return rows[0] ? toCustomer(rows[0]) : null;
  }

  async closeSession(token: string): Promise<void> {
    await this.db.query(`DELETE FROM sandbox_storefront.sessions WHERE token_hash = $1`, [sha256(token)]);
  }
}
