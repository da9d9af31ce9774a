/** Where and as whom a NATS client connects: the servers of NATS_URL and the user its URLs name. */
export interface NatsServerOptions {
  servers: string[];
  user?: string;
  pass?: string;
}

/**
 * Splits NATS_URL (one or more comma-separated `nats://` or `tls://` URLs) into servers and credentials: the NATS
 * client ignores a URL's `user:password@`, so a deployment that names a per-service user in the URL (Kubernetes
 * builds it from the user's secret, like DATABASE_URL) gets it passed as `user`/`pass`. The first URL that names a
 * user decides; percent-encoded characters are decoded. TLS needs nothing here: the client upgrades when the server
 * requires it and trusts the CAs of NODE_EXTRA_CA_CERTS.
 */
export function natsServerOptions(natsUrl: string): NatsServerOptions {
  const options: NatsServerOptions = { servers: [] };
  for (const raw of natsUrl.split(',')) {
    const url = new URL(raw.trim());
    if (url.username && options.user === undefined) {
      options.user = decodeURIComponent(url.username);
      options.pass = decodeURIComponent(url.password);
    }
    url.username = '';
    url.password = '';
    options.servers.push(`${url.protocol}//${url.host}`);
  }
  return options;
}
