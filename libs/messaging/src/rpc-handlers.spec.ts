import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { IsString } from 'class-validator';
import { defineRpc } from '@cps/contracts';
import { answer, answerWith, rpcHandlers } from './rpc-handlers.js';

class Ask {
  @IsString() text!: string;
}
class Said {
  @IsString() text!: string;
}
const shout = defineRpc('probe', 'probe.shout.v1', Ask, Said);
const echo = defineRpc('probe', 'probe.echo.v1', Ask, Said);

class Shouter {
  execute(text: string) {
    return { text: text.toUpperCase() };
  }
}
class Suffix {
  readonly value = '!';
}

describe('rpcHandlers', () => {
  const Handlers = rpcHandlers('ProbeHandlers', [
    answer(shout, Shouter, (shouter, request) => shouter.execute(request.text)),
    answerWith(echo, [Shouter, Suffix], ([, suffix], request) => ({ text: request.text + suffix.value })),
  ]);
  const methods = Handlers.prototype as Record<string, (request: unknown) => unknown>;

  it('is a named controller that Nest injects each provider into once', () => {
    expect(Handlers.name).toBe('ProbeHandlers');
    expect(Reflect.getMetadata('design:paramtypes', Handlers)).toEqual([Shouter, Suffix]);
  });

  it('answers each subject with its own method, registered as its message pattern', () => {
    for (const contract of [shout, echo]) {
      expect(Reflect.getMetadata(PATTERN_METADATA, methods[contract.subject]!)).toEqual([contract.subject]);
    }
    const handlers = new (Handlers as new (...args: unknown[]) => unknown)(new Shouter(), new Suffix());
    expect(methods['probe.shout.v1']!.call(handlers, { text: 'hi' })).toEqual({ text: 'HI' });
    expect(methods['probe.echo.v1']!.call(handlers, { text: 'hi' })).toEqual({ text: 'hi!' });
  });

  it('refuses a subject answered twice', () => {
    expect(() =>
      rpcHandlers('Twice', [
        answer(shout, Shouter, (s, r) => s.execute(r.text)),
        answer(shout, Shouter, (s, r) => s.execute(r.text)),
      ]),
    ).toThrow('Twice answers probe.shout.v1 twice');
  });
});
