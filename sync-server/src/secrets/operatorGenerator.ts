import type { GeneratorSettings } from '../../../web/core/generate/GeneratorSettings'
import type { ServerGeneratorKey } from '../../../web/core/generate/serverGeneratorKey'
import type { ServerConfig } from '../config'

/**
 * The operator's generator split in two: the default settings people start with (no key in them,
 * ever) and the key the server keeps to itself for that endpoint. A key given inside
 * `config.generator` (a program starting the server, not configFromEnv) is taken out the same way.
 */
export function operatorGenerator(config: Pick<ServerConfig, 'generator' | 'generatorApiKey'>): {
  defaults: GeneratorSettings
  serverKey?: ServerGeneratorKey
} {
  const generator = config.generator ?? { kind: 'extractive' }
  if (generator.kind !== 'openai') return { defaults: generator }
  const { api_key: inline, ...defaults } = generator
  const key = config.generatorApiKey || inline
  return { defaults, serverKey: key ? { base_url: defaults.base_url, api_key: key } : undefined }
}
