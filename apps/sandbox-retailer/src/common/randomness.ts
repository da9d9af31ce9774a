import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';

/** Uniform draws in [0, 1), injected so generated orders are reproducible under test. */
export abstract class Randomness {
  abstract fraction(): number;
}

@Injectable()
export class CryptoRandomness extends Randomness {
  fraction(): number {
    return randomInt(2 ** 47) / 2 ** 47;
  }
}
