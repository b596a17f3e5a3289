import type { Generation } from './createGeneration'

/** How answers are generated: the person's chosen generator, and models named per request. */
export interface GenerationPorts {
  generation: Generation
}
