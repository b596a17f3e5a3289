import type { ConnectionResult, GeneratorInput } from '../api/settingsApi'

/** A model server where one is usually found on a person's own computer. */
export interface UsualServer {
  kind: 'ollama' | 'openai'
  baseUrl: string
  /** What the person reads: "Ollama", "an OpenAI-compatible server (LM Studio's port)". */
  name: string
}

/**
 * Ollama's default address, then the OpenAI-compatible servers' usual ones: LM Studio's (1234) and
 * llama.cpp's llama-server (8080, which vLLM and LocalAI also default to).
 */
export const USUAL_SERVERS: readonly UsualServer[] = [
  { kind: 'ollama', baseUrl: 'http://localhost:11434', name: 'Ollama' },
  {
    kind: 'openai',
    baseUrl: 'http://localhost:1234/v1',
    name: 'An OpenAI-compatible server (LM Studio’s port)',
  },
  {
    kind: 'openai',
    baseUrl: 'http://localhost:8080/v1',
    name: 'An OpenAI-compatible server (llama.cpp’s port)',
  },
]

export interface FoundServer extends UsualServer {
  /** The models it offers; empty when it answers but has none yet (an Ollama with nothing pulled). */
  models: string[]
}

export interface LocalModelSearch {
  found: FoundServer[]
  /** Each address that did not answer, with why (the connection test's words). */
  missed: Array<{ server: UsualServer; detail: string }>
}

/** The generator a found server's model becomes (no key: a server on this computer needs none). */
export function generatorFor(server: UsualServer, model: string): GeneratorInput {
  return server.kind === 'ollama'
    ? { kind: 'ollama', base_url: server.baseUrl, model }
    : { kind: 'openai', base_url: server.baseUrl, model, api_key: '' }
}

/**
 * Asks each usual address for its models at once, through the host's connection test (`testGenerator`: the
 * same request Settings' "Test connection" makes, with its time limit, so a port held by something that
 * never answers does not hold the search). Run only when the person asks: nothing on their computer is
 * contacted before.
 */
export async function findLocalModels(
  test: (generator: GeneratorInput) => Promise<ConnectionResult>,
  servers: readonly UsualServer[] = USUAL_SERVERS,
): Promise<LocalModelSearch> {
  const answers = await Promise.all(
    servers.map((server) =>
      test(generatorFor(server, 'any')).catch((caught: unknown): ConnectionResult => ({
        ok: false,
        models: [],
        detail: caught instanceof Error ? caught.message : String(caught),
      })),
    ),
  )
  const search: LocalModelSearch = { found: [], missed: [] }
  servers.forEach((server, index) => {
    const answer = answers[index]
    if (answer && (answer.ok || answer.models.length > 0))
      search.found.push({ ...server, models: answer.models })
    else search.missed.push({ server, detail: answer?.detail ?? 'No answer' })
  })
  return search
}
