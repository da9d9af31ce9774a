import { Controller, type Type } from '@nestjs/common';
import { type RpcContract, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { RpcHandler, RpcPayload } from './rpc-handler.js';

type AnyContract = RpcContract<object, object>;
type Answered<C> = RpcResponse<C> | Promise<RpcResponse<C>>;
/** A class Nest injects by (an abstract port such as `Clock` included). */
type Token<T = unknown> = abstract new (...args: never[]) => T;
type Instances<T extends readonly Token[]> = { [K in keyof T]: T[K] extends Token<infer I> ? I : never };

/** One request/reply subject: its contract, the providers that answer it, and how. */
export interface RpcAnswer {
  readonly contract: AnyContract;
  readonly providers: readonly Token[];
  readonly handle: (instances: unknown[], request: never) => unknown;
}

/** `handle` gets the provider (a use case, usually) and the request, checked against the contract. */
export function answer<C extends AnyContract, P>(
  contract: C,
  provider: Token<P>,
  handle: (provider: P, request: RpcRequest<C>) => Answered<C>,
): RpcAnswer {
  return { contract, providers: [provider], handle: (instances, request) => handle(instances[0] as P, request) };
}

/** As `answer`, for an answer that takes several providers (a change, then the read that shows it). */
export function answerWith<C extends AnyContract, const T extends readonly Token[]>(
  contract: C,
  providers: T,
  handle: (providers: Instances<T>, request: RpcRequest<C>) => Answered<C>,
): RpcAnswer {
  return { contract, providers, handle: (instances, request) => handle(instances as Instances<T>, request) };
}

/**
 * The NATS controller of a feature: one `RpcHandler` method per answer, each taking its contract's checked request
 * (`RpcPayload`) and handing it to its providers, which Nest injects. Written as a table instead of a class whose
 * methods only forward, so a feature's subjects and the use cases behind them read in one place.
 */
export function rpcHandlers(name: string, answers: readonly RpcAnswer[]): Type<unknown> {
  const providers = [...new Set(answers.flatMap((entry) => entry.providers))];
  const subjects = answers.map((entry) => entry.contract.subject);
  const repeated = subjects.find((subject, index) => subjects.indexOf(subject) !== index);
  if (repeated) throw new Error(`${name} answers ${repeated} twice`);

  class Handlers {
    readonly injected: unknown[];
    constructor(...injected: unknown[]) {
      this.injected = injected;
    }
  }
  Object.defineProperty(Handlers, 'name', { value: name });
  Reflect.defineMetadata('design:paramtypes', providers, Handlers);

  for (const entry of answers) {
    const indexes = entry.providers.map((provider) => providers.indexOf(provider));
    const method = function (this: Handlers, request: never) {
      return entry.handle(
        indexes.map((index) => this.injected[index]),
        request,
      );
    };
    const subject = entry.contract.subject;
    Object.defineProperty(method, 'name', { value: subject });
    const descriptor = { value: method, writable: true, configurable: true, enumerable: false };
    Object.defineProperty(Handlers.prototype, subject, descriptor);
    RpcPayload(entry.contract)(Handlers.prototype, subject, 0);
    RpcHandler(entry.contract)(Handlers.prototype, subject, descriptor);
  }
  Controller()(Handlers);
  return Handlers;
}
