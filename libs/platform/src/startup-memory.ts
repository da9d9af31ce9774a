import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type GarbageCollector = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * One full garbage collection that aims at the smallest footprint (V8's "last resort" collection), which also
 * shrinks the young generation back to its minimum. Loading a service's modules fills V8's young generation to its
 * maximum (two 16 MB semi-spaces) and V8 keeps it committed while idle; neither an ordinary collection nor idle time
 * gave it back (bench/startup). The gc function comes from a fresh context with V8's gc extension, so the service's
 * own global scope gets no `gc`. False where the extension is not available.
 */
export function shrinkHeap(): boolean {
  try {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as GarbageCollector)({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Gives back what starting the service took and no longer holds, once, `delayMs` after the service is listening (so
 * its first connections and polls are made). The young generation grows again as traffic needs it: this lowers
 * idle memory without capping it under load, unlike `--max-semi-space-size` (ADR 0018).
 */
export function releaseStartupMemory(delayMs = 3_000): void {
  setTimeout(shrinkHeap, delayMs).unref();
}
