import { Logger } from '@nestjs/common';
import { BackgroundLoop } from './background-loop.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loop whose passes answer from `script` (true: run again at once; 'fail': throw), then false. */
function scripted(script: Array<boolean | 'fail'>, idleMs = 10_000) {
  const passes: number[] = [];
  const started = Date.now();
  const loop = new BackgroundLoop({
    name: 'TestLoop',
    idleMs,
    pass: async () => {
      passes.push(Date.now() - started);
      const step = script.shift() ?? false;
      if (step === 'fail') throw new Error('database down');
      return step;
    },
  });
  return { loop, passes };
}

describe('BackgroundLoop', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('runs again at once while a pass asks for more, then sleeps', async () => {
    const { loop, passes } = scripted([true, true, false]);
    loop.start();
    await sleep(100);
    await loop.stop();
    expect(passes).toHaveLength(3);
  });

  it('cuts the sleep short when woken, and remembers a wake-up that came during a pass', async () => {
    let release: () => void = () => undefined;
    const passes: string[] = [];
    const loop = new BackgroundLoop({
      name: 'TestLoop',
      idleMs: 10_000,
      pass: async () => {
        passes.push('pass');
        if (passes.length === 2) await new Promise<void>((resolve) => (release = resolve));
        return false;
      },
    });
    loop.start();
    await sleep(20);
    expect(passes).toHaveLength(1); // sleeping
    loop.wake();
    await sleep(20);
    expect(passes).toHaveLength(2); // the second pass is in flight
    loop.wake();
    release();
    await sleep(20);
    expect(passes).toHaveLength(3); // no sleep after the pass that was woken during
    await loop.stop();
  });

  it('backs off after a failing pass instead of sleeping the idle time', async () => {
    const { loop, passes } = scripted(['fail', false], 10_000);
    loop.start();
    await sleep(700);
    await loop.stop();
    expect(passes).toHaveLength(2);
    expect(passes[1]! - passes[0]!).toBeGreaterThanOrEqual(450);
  });

  it('waits for the pass in flight on stop, and runs no more after it', async () => {
    let finished = false;
    let passes = 0;
    const loop = new BackgroundLoop({
      name: 'TestLoop',
      idleMs: 1,
      pass: async () => {
        passes += 1;
        await sleep(50);
        finished = true;
        return true;
      },
    });
    loop.start();
    await sleep(10);
    await loop.stop();
    expect(finished).toBe(true);
    const after = passes;
    await sleep(30);
    expect(passes).toBe(after);
  });
});
