// `npm run bench`: prints figures, never asserts on time (the machine is shared and noisy: compare
// ratios within one run). `npm run bench -- --quick` skips the load run.
import { benchEngine } from './engine.ts';
import { benchLoad } from './load.ts';
import { benchSizes } from './sizes.ts';

const quick = process.argv.includes('--quick');
const engine = benchEngine();
console.log(JSON.stringify({ engine }));
const sizes = benchSizes();
console.log(JSON.stringify({ sizes }));
if (!quick) {
  const load = await benchLoad(4, 120);
  console.log(JSON.stringify({ load }));
}
