import { isRecord } from '../../shared/braindriveServices'
import type { StandInApi } from './standInServices'

// The calls BrainDrive's Chat plugin (BrainDriveAI/BrainDrive-Chat-Plugin) makes, made the same way:
// each cites the file and line of the call it stands for. The answers are read as that plugin reads
// them (an array or an envelope), so a change in Quire's shape that would break the plugin breaks these.

export interface ModelChoice {
  name: string
  provider: string
  providerId: string
  serverId: string
  serverName: string
}
export interface Persona {
  id: string
  name: string
  system_prompt: string
  model_settings?: Record<string, unknown>
}
export interface Conversation {
  id: string
  title: string
}
export interface Message {
  role: string
  content: string
}

const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback

/** The person's id, or null (BrainDrive logs "Error getting current user ID" when this fails). */
export async function currentUser(api: StandInApi): Promise<{ id: string; username: string } | null> {
  // stands for BrainDrive-Chat-Plugin src/services/aiService.ts:19 (and BrainDriveChat.tsx:2029)
  const me = await api.get('/api/v1/auth/me')
  return isRecord(me) && typeof me.id === 'string' ? { id: me.id, username: str(me.username) } : null
}

/** The models of every configured server, then Ollama's through its settings, as BrainDrive falls back. */
export async function listModels(api: StandInApi): Promise<ModelChoice[]> {
  // stands for BrainDrive-Chat-Plugin src/BrainDriveChat.tsx:1778
  const all = await api.get('/api/v1/ai/providers/all-models')
  const raw = isRecord(all) && Array.isArray(all.models) ? all.models : Array.isArray(all) ? all : []
  const models: ModelChoice[] = raw.filter(isRecord).map((m) => ({
    name: str(m.name, str(m.id)),
    provider: str(m.provider, 'ollama'),
    // BrainDrive maps the provider to its settings id (PROVIDER_SETTINGS_ID_MAP).
    providerId:
      m.provider === 'ollama' || m.provider === undefined ? 'ollama_servers_settings' : str(m.provider),
    serverId: str(m.server_id, 'unknown'),
    serverName: str(m.server_name, 'Unknown Server'),
  }))
  // BrainDrive takes this way only when all-models gave nothing; the stand-in always takes it too, so
  // that both calls are made in CI, and keeps each model once.
  // stands for BrainDrive-Chat-Plugin src/BrainDriveChat.tsx:1874
  const settings = await api.get('/api/v1/settings/instances', {
    params: { definition_id: 'ollama_servers_settings', scope: 'user', user_id: 'current' },
  })
  const instance = Array.isArray(settings) ? settings[0] : settings
  const value: unknown = isRecord(instance)
    ? typeof instance.value === 'string'
      ? JSON.parse(instance.value)
      : instance.value
    : undefined
  const servers = isRecord(value) && Array.isArray(value.servers) ? value.servers.filter(isRecord) : []
  for (const server of servers) {
    const params: Record<string, string> = {
      server_url: encodeURIComponent(str(server.serverAddress)),
      settings_id: 'ollama_servers_settings',
      server_id: str(server.id),
    }
    if (typeof server.apiKey === 'string' && server.apiKey) params.api_key = server.apiKey
    // stands for BrainDrive-Chat-Plugin src/BrainDriveChat.tsx:1904
    const answer = await api.get('/api/v1/ollama/models', { params })
    for (const m of Array.isArray(answer) ? answer.filter(isRecord) : []) {
      const name = str(m.name)
      if (models.some((known) => known.name === name && known.serverId === params.server_id)) continue
      models.push({
        name,
        provider: 'ollama',
        providerId: 'ollama_servers_settings',
        serverId: params.server_id!,
        serverName: str(server.serverName, 'Ollama'),
      })
    }
  }
  return models
}

export async function listPersonas(api: StandInApi): Promise<Persona[]> {
  // stands for BrainDrive-Chat-Plugin src/BrainDriveChat.tsx:1736
  const answer = await api.get('/api/v1/personas')
  const list = isRecord(answer) && Array.isArray(answer.personas) ? answer.personas : []
  return list.filter(isRecord).map((p) => ({
    id: str(p.id),
    name: str(p.name),
    system_prompt: str(p.system_prompt),
    model_settings: isRecord(p.model_settings) ? p.model_settings : undefined,
  }))
}

/** One persona, read again when chosen, as BrainDrive does before it sends with it. */
export async function readPersona(api: StandInApi, id: string): Promise<Persona | null> {
  // stands for BrainDrive-Chat-Plugin src/BrainDriveChat.tsx:2486
  const answer = await api.get(`/api/v1/personas/${id}`)
  const p = isRecord(answer) ? (isRecord(answer.persona) ? answer.persona : answer) : undefined
  return p && typeof p.id === 'string'
    ? { id: p.id, name: str(p.name), system_prompt: str(p.system_prompt) }
    : null
}

export async function listConversations(api: StandInApi, userId: string): Promise<Conversation[]> {
  // stands for BrainDrive-Chat-Plugin src/BrainDriveChat.tsx:2051
  const answer = await api.get(`/api/v1/users/${userId}/conversations`, {
    params: { skip: 0, limit: 50, conversation_type: 'chat' },
  })
  const list = Array.isArray(answer)
    ? answer
    : isRecord(answer) && Array.isArray(answer.data)
      ? answer.data
      : []
  return list.filter(isRecord).map((c) => ({ id: str(c.id), title: str(c.title, 'Untitled') }))
}

export async function conversationMessages(api: StandInApi, id: string): Promise<Message[]> {
  // stands for BrainDrive-Chat-Plugin src/BrainDriveChat.tsx:2819
  const answer = await api.get(`/api/v1/conversations/${id}/with-messages`)
  const list = isRecord(answer) && Array.isArray(answer.messages) ? answer.messages : []
  return list
    .filter(isRecord)
    .map((m) => ({ role: str(m.sender, str(m.role)), content: str(m.message, str(m.content)) }))
}

/** The text of one streamed chunk, as BrainDrive's `extractTextFromData` (src/utils.ts:11) reads it. */
function chunkText(data: Record<string, unknown>): string {
  if (typeof data.text === 'string') return data.text
  const choice = Array.isArray(data.choices) && isRecord(data.choices[0]) ? data.choices[0] : undefined
  if (!choice) return ''
  if (isRecord(choice.delta) && typeof choice.delta.content === 'string') return choice.delta.content
  if (isRecord(choice.message) && typeof choice.message.content === 'string') return choice.message.content
  return typeof choice.text === 'string' ? choice.text : ''
}

/** Streams an answer through the provider, as the Chat plugin's sendPrompt does. */
export async function streamAnswer(
  api: StandInApi,
  request: {
    prompt: string
    model: ModelChoice
    userId: string | null
    conversationId: string | null
    persona: Persona | null
  },
  onChunk: (text: string) => void,
  onConversationId: (id: string) => void,
): Promise<void> {
  // stands for BrainDrive-Chat-Plugin src/services/aiService.ts:62 (the request's fields)
  const body: Record<string, unknown> = {
    provider: request.model.provider || 'ollama',
    settings_id: request.model.providerId || 'ollama_servers_settings',
    server_id: request.model.serverId,
    model: request.model.name,
    messages: [{ role: 'user', content: request.prompt }],
    params: { temperature: 0.7, max_tokens: 2048 },
    stream: true,
    user_id: request.userId || 'current',
    conversation_id: request.conversationId,
    conversation_type: 'chat',
  }
  if (request.persona) {
    // stands for BrainDrive-Chat-Plugin src/services/aiService.ts:95
    body.persona_id = request.persona.id
    body.persona_system_prompt = request.persona.system_prompt
  }
  // stands for BrainDrive-Chat-Plugin src/services/aiService.ts:128
  await api.postStreaming(
    '/api/v1/ai/providers/chat',
    body,
    (chunk: string) => {
      const json = chunk.startsWith('data: ') ? chunk.slice(6) : chunk
      if (!json.trim() || json.trim() === '[DONE]') return
      const data: unknown = JSON.parse(json)
      if (!isRecord(data)) return
      if (typeof data.conversation_id === 'string' && !request.conversationId)
        onConversationId(data.conversation_id)
      const text = chunkText(data)
      if (text) onChunk(text)
    },
    { timeout: 120000 },
  )
}
