// `npm run bench`: prints figures, never asserts on time (the machine is shared and noisy).
import { benchEngine } from './engine.ts';

const engine = benchEngine();
console.log(JSON.stringify({ engine }, null, 2));
