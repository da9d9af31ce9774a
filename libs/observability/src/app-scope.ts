import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';
import { type ListenStatus, listenStatus } from './listen-status.js';

/**
 * The app a piece of work belongs to, when a process hosts several apps (`npm start` runs every app in one Node
 * process): its name, its logger and its LISTEN sessions. The platform enters an app's scope while it builds and
 * starts the app, so everything the app sets up then (its servers, NATS subscriptions, timers, background loops)
 * runs in it later too; a request runs in a scope that also holds the request's logger. Code that is handed no
 * per-app object by the DI container (Nest's static `Logger`, `PgListener`, built with `new`) finds its app here.
 */
export interface AppScope {
  readonly service: string;
  readonly logger: Logger;
  readonly listens: ListenStatus;
  /** The logger of the HTTP request being handled (pino-http's `req.log`: the request's id and bindings). */
  readonly request?: Logger;
}

const scopes = new AsyncLocalStorage<AppScope>();

/** Runs `work` (and whatever it schedules) in the scope of an app. */
export function runInAppScope<T>(scope: AppScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The scope of the app the current work belongs to; none outside every app (unit tests, tools). */
export function currentAppScope(): AppScope | undefined {
  return scopes.getStore();
}

/** The LISTEN sessions of the current app, or the process's when no app scope is entered (one app per process). */
export function currentListenStatus(): ListenStatus {
  return scopes.getStore()?.listens ?? listenStatus;
}
