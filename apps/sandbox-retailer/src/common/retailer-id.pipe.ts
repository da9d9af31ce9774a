import { Injectable, type PipeTransform } from '@nestjs/common';
import { SandboxRetailers } from './retailers.js';

/** `:retailerId` path parameters: only the retailers this sandbox plays (404 otherwise). */
@Injectable()
export class RetailerIdPipe implements PipeTransform<string, string> {
  constructor(private readonly retailers: SandboxRetailers) {}

  transform(value: string): string {
    return this.retailers.require(value);
  }
}
