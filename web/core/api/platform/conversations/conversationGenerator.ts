import { ApiError } from '../../../kernel/ApiError'
import { registryProviders, type ProviderGeneratorSettings } from '../../../generate/GeneratorSettings'
import { listProviderServers } from '../../../providers/resolveChatModel'
import type { RecordPorts } from '../../../records/platformRecords'

/**
 * The model a conversation names for its replies: `model` with `server`, a server id of one of the
 * person's provider lists (as the Conversations screen's model picker stores it) or a server's name (as
 * `POST /api/v1/ai/providers/chat` stores it, BrainDrive's way; the first server of that name). Undefined
 * when it names none: Settings' choice answers. A server removed since is a 409 saying so, rather than
 * a quiet switch to another model.
 */
export async function conversationGenerator(
  ports: RecordPorts,
  data: Record<string, unknown>,
): Promise<ProviderGeneratorSettings | undefined> {
  const model = typeof data.model === 'string' ? data.model.trim() : ''
  const server = typeof data.server === 'string' ? data.server.trim() : ''
  if (model === '' || server === '') return undefined
  const known = (
    await Promise.all(
      registryProviders.map(async (provider) =>
        (await listProviderServers(ports, provider)).map((entry) => ({ provider, entry })),
      ),
    )
  ).flat()
  const found =
    known.find(({ entry }) => entry.id === server) ?? known.find(({ entry }) => entry.serverName === server)
  if (found) return { kind: 'provider', provider: found.provider, server_id: found.entry.id, model }
  throw new ApiError(
    409,
    `This conversation answers with ${model} on server ${server}, which is no longer among your servers: choose another model for it, or add the server again in Settings`,
  )
}
