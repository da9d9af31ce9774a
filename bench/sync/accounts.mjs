// Sandbox accounts and links for the bench/sync scripts.
import { SyncContracts } from '../../dist/libs/contracts/src/index.js';

/**
 * Runs `work` over 0..count-1 with at most `limit` at once. The first failure stops the other workers from taking
 * more and is thrown once they are done (a second failure cannot escape as an unhandled rejection, which would end
 * the process before the platform is stopped and its database dropped).
 */
export async function pool(count, limit, work) {
  let next = 0;
  let failure;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count && failure === undefined) {
        try {
          await work(next++);
        } catch (error) {
          failure ??= error;
        }
      }
    }),
  );
  if (failure !== undefined) throw failure;
}

/**
 * Links one sandbox account through sync-service's link-flow RPCs, the steps the hosted pages take: link token ->
 * session -> retailer -> consent (365 days, the default) -> sign-in. A retryable refusal (the sandbox answering
 * slowly on a busy machine) is tried again, as a shopper would, up to five times. Answers the connection id.
 */
export async function linkAccount(admin, { teamId, retailerId, customerId, email, password }) {
  for (let attempt = 1; ; attempt += 1) {
    const view = await linkOnce(admin, { teamId, retailerId, customerId, email, password }).catch((error) => {
      // A 503 (a service answering slowly on a busy machine) is worth another try too.
      if (error.status !== 503 || attempt === 5) throw error;
      return { state: 'failed', error: { retryable: true } };
    });
    if (view.state === 'succeeded') return view.connection_id;
    if (view.error?.retryable !== true || attempt === 5) {
      throw new Error(`link ${email}: ${view.state} ${JSON.stringify(view.error)}`);
    }
  }
}

async function linkOnce(admin, { teamId, retailerId, customerId, email, password }) {
  const rpc = (contract, body) => admin.request(contract, body);
  const token = await rpc(SyncContracts.createLinkToken, { teamId, customer_id: customerId });
  const { sessionId } = await rpc(SyncContracts.startLinkSession, {
    entry: { kind: 'link_token', linkToken: token.link_token },
    redirectUrl: null,
  });
  await rpc(SyncContracts.chooseLinkRetailer, { sessionId, retailerId });
  await rpc(SyncContracts.submitLinkConsent, { sessionId, historyWindowDays: 365, offeredHistoryWindowDays: 365 });
  return rpc(SyncContracts.submitLinkCredentials, { sessionId, email, password });
}
