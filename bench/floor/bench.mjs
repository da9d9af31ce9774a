// The machine's floor for a purchase's ingest (README.md): one process doing the platform's durable effects the
// fewest ways it can, on this machine's Postgres and a private nats-server. Prints CPU per delivered purchase by
// process and the exactly-once checks; asserts nothing.
//
//   npm run build && node bench/floor/bench.mjs [--rate 500] [--seconds 30] [--runs 1]
import { parseArgs } from 'node:util';
import { describeFloor, runFloor } from './run.mjs';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '30' },
    runs: { type: 'string', default: '1' },
  },
});
for (let run = 1; run <= Number(args.runs); run += 1) {
  const result = await runFloor({ rate: Number(args.rate), seconds: Number(args.seconds), log: console.log });
  console.log(describeFloor(result));
  console.log(`load average at the end: ${result.loadAverage.map((value) => value.toFixed(2)).join(' ')}`);
}
