import http from 'node:http';
import https from 'node:https';
import { Injectable, Logger } from '@nestjs/common';
import { OutboundGuard, pinnedLookup, TtlCache } from '@cps/platform';
import { Clock } from '@cps/domain';
import { OAuthSettings } from '../oauth-settings.js';
import { type ConnectorClient, ConnectorClientRepository } from './connector-client.repository.js';
import { checkMetadata } from './registration.controller.js';

const MAX_DOCUMENT_BYTES = 64 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
/** A document fetched this recently is not fetched again. */
const REFRESH_AFTER_MS = 5 * 60_000;
const DOCUMENTS_KEPT_FRESH = 10_000;

/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document): a connector whose `client_id` is an
 * https URL is described by the JSON document at that URL (its own `client_id`, `redirect_uris`, `client_name`,
 * public client). The document is fetched through the outbound guard (no private, loopback or metadata addresses
 * unless allowlisted; no redirects; 64 KB; 5 s) and kept in `auth.connector_clients`, refreshed after 5 minutes.
 */
@Injectable()
export class MetadataDocuments {
  private readonly logger = new Logger('MetadataDocuments');
  private readonly guard: OutboundGuard;
  /** The documents fetched in the last REFRESH_AFTER_MS. */
  private readonly fresh = new TtlCache<string, true>({ ttlMs: REFRESH_AFTER_MS, maxEntries: DOCUMENTS_KEPT_FRESH });

  constructor(
    private readonly settings: OAuthSettings,
    private readonly clients: ConnectorClientRepository,
    private readonly clock: Clock,
  ) {
    this.guard = new OutboundGuard({ allow: settings.outboundAllow });
  }

  /** True when `clientId` names a metadata document this server would fetch. */
  isDocumentUrl(clientId: string): boolean {
    if (!URL.canParse(clientId)) return false;
    const url = new URL(clientId);
    const scheme = url.protocol === 'https:' || (url.protocol === 'http:' && this.settings.allowHttpMetadataDocuments);
    return scheme && url.pathname !== '/' && !url.hash && !url.username && !url.password;
  }

  /** The connector a metadata-document URL describes, fetched when unknown or stale; null when it cannot be had. */
  async resolve(clientId: string): Promise<ConnectorClient | null> {
    if (!this.isDocumentUrl(clientId)) return null;
    const known = await this.clients.find(clientId);
    if (known && this.fresh.get(clientId)) return known;
    try {
      const document = JSON.parse(await this.fetch(new URL(clientId))) as unknown;
      if (typeof document !== 'object' || document === null || Array.isArray(document)) return known;
      const fields = document as Record<string, unknown>;
      if (fields.client_id !== clientId) return null;
      const metadata = checkMetadata(fields);
      const client: ConnectorClient = { clientId, kind: 'metadata_document', ...metadata };
      await this.clients.save(client, null, this.clock.now());
      this.fresh.set(clientId, true);
      return client;
    } catch (error) {
      this.logger.warn(`client metadata document unavailable: ${(error as Error).message}`);
      return known;
    }
  }

  private async fetch(url: URL): Promise<string> {
    const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    const verdict = await this.guard.vet(url.hostname, signal);
    if (!verdict.allowed) throw new Error(verdict.message);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<string>((resolve, reject) => {
      const request = client.get(
        url,
        { headers: { accept: 'application/json' }, signal, lookup: pinnedLookup(verdict.addresses) },
        (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            reject(new Error(`status ${response.statusCode ?? 0}`));
            return;
          }
          let size = 0;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_DOCUMENT_BYTES) {
              request.destroy(new Error('document larger than 64 KB'));
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  }
}
