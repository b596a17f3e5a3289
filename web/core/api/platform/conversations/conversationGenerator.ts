import { ApiError } from '../../ApiError'
import { registryProviders, type ProviderGeneratorSettings } from '../../../generate/GeneratorSettings'
import { listProviderServers } from '../../../providers/resolveChatModel'
import type { RecordPorts } from '../platformRecords'

/**
 * The model a conversation names for its replies: `model` with `server`, a server id of one of the
 * person's provider lists (as `POST /api/v1/ai/providers/chat` stores them, and the Conversations
 * screen's model picker). Undefined when it names none: Settings' choice answers. A server removed
 * since is a 409 saying so, rather than a quiet switch to another model.
 */
export async function conversationGenerator(
  ports: RecordPorts,
  data: Record<string, unknown>,
): Promise<ProviderGeneratorSettings | undefined> {
  const model = typeof data.model === 'string' ? data.model.trim() : ''
  const server = typeof data.server === 'string' ? data.server.trim() : ''
  if (model === '' || server === '') return undefined
  for (const provider of registryProviders) {
    const servers = await listProviderServers(ports, provider)
    if (servers.some((known) => known.id === server)) {
      return { kind: 'provider', provider, server_id: server, model }
    }
  }
  throw new ApiError(
    409,
    `This conversation answers with ${model} on server ${server}, which is no longer among your servers: choose another model for it, or add the server again in Settings`,
  )
}
