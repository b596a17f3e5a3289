import type { Benchmark } from './lib/Benchmark'
import { serverCollections } from './server-collections'

/** Every benchmark `npm run bench` knows, run in this order; a new one is added here and nowhere else. */
export const benchmarks: readonly Benchmark[] = [serverCollections]
