import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { eventStream, type StreamEvent } from '../../eventStream'
import { defineRoute } from '../../Route'
import type { ChatModel, ChatModelRequest } from '../../../generate/ChatModel'
import { GeneratorError } from '../../../generate/GeneratorError'
import { generatorFailure } from '../../generatorFailure'
import { recordView, type RecordPorts } from '../../../records/platformRecords'
import { personaKind } from '../../../records/kinds/personaKind'
import { conversationGenerator } from './conversationGenerator'
import { conversationKind } from '../../../records/kinds/conversationKind'
import { addConversationMessage, conversationMessages, requireConversation } from './conversationRecords'
import { messageSchema, replyBody } from './conversationSchemas'
import { replyRequest } from './replyRequest'
import { outboundRefusedResponse } from '../platformErrors'

const CONVERSATION_NOT_FOUND = conversationKind.notFound

/**
 * A reply reads the conversation (its messages, persona and generator), builds the model the settings
 * choose, and stores the answer as a message (clock, id); a stream that fails is logged.
 */
type ReplyPorts = Pick<ApiPorts, 'clock' | 'newId' | 'settings' | 'generation' | 'logError'> & RecordPorts

export const NEEDS_MODEL =
  'Plain chat needs a language model: choose Ollama, an OpenAI-compatible server or WebLLM in Settings'
export const NOTHING_TO_REPLY_TO = 'Nothing to reply to: the conversation has no messages yet'

/**
 * The model's answer as events: `token` for each piece, then `done` with the stored message. A
 * failure stores nothing. When `signal` aborts (stop pressed, reader gone), what was said so far is
 * stored, marked `stopped`, unless nothing was.
 */
async function* replyEvents(
  ports: Pick<ApiPorts, 'clock' | 'newId'> & RecordPorts,
  conversationId: string,
  model: ChatModel,
  request: Omit<ChatModelRequest, 'signal'>,
  signal?: AbortSignal,
): AsyncGenerator<StreamEvent> {
  let answer = ''
  let stopped = false
  try {
    for await (const piece of model.stream({ ...request, signal })) {
      answer += piece
      yield { event: 'token', data: { text: piece } }
    }
  } catch (error) {
    if (!signal?.aborted) throw error
    stopped = true
  }
  stopped ||= signal?.aborted === true
  if (stopped && answer === '') return
  if (answer.trim() === '') throw new GeneratorError(`${model.id} returned an empty answer`)
  const message = await addConversationMessage(ports, conversationId, {
    sender: 'assistant',
    message: answer,
    message_metadata: { model: model.id, ...(stopped ? { stopped: true } : {}) },
  })
  yield { event: 'done', data: { message: recordView(message) } }
}

export const conversationReplyRoute = defineRoute({
  method: 'post',
  path: '/api/v1/conversations/:conversation_id/reply',
  operationId: 'replyToConversation',
  summary: 'Answer the conversation so far with the configured language model',
  description: `Not in the spec: the plain-chat counterpart of document chat, for the conversations screen. The model the conversation names (\`model\` with \`server\`: a server id of one of the person’s provider lists, as \`POST /api/v1/ai/providers/chat\` stores them; 409 when that server is gone), else the generator chosen in settings (\`/api/settings\`), answers: its language model receives the persona’s \`system_prompt\` first (when the conversation has a persona), then the latest 100 messages in order (sender as role), with the persona’s \`model_settings.temperature\` and \`max_tokens\`. The answer is stored as an \`assistant\` message with \`message_metadata.model\` (the model id) and answered with 201. With the extractive generator (no language model) the answer is 409; a conversation without messages, 409; a model that fails, 502 and nothing stored.

With \`{"stream": true}\` the answer is \`text/event-stream\`, as \`POST /api/chat/stream\`: \`token\` ({text}) for each piece, then \`done\` ({message}: the stored message); a failure mid-answer ends with \`error\` ({detail, status}). The checks above are answered before the stream starts, as ordinary JSON errors. Closing the stream stops the model; what was said so far is stored with \`message_metadata.stopped: true\`.`,
  tags: ['Conversations'],
  errorStyle: 'platform',
  params: conversationKind.params,
  notFoundDetail: CONVERSATION_NOT_FOUND,
  body: replyBody,
  bodyOptional: true,
  responses: {
    201: { description: 'The stored assistant message', schema: messageSchema },
    404: { description: CONVERSATION_NOT_FOUND, schema: errorSchema },
    409: { description: 'No language model configured, or nothing to reply to', schema: errorSchema },
    422: { description: 'Validation error', schema: validationErrorSchema },
    400: outboundRefusedResponse,
    502: { description: 'The model failed', schema: errorSchema },
  },
  async handler({ params, body }, ports: ReplyPorts) {
    const conversation = await requireConversation(ports, params.conversation_id)
    const chosen =
      (await conversationGenerator(ports, conversation.data)) ?? (await ports.settings.get()).generator
    const model = ports.generation.chatModel(chosen)
    if (!model) throw new ApiError(409, NEEDS_MODEL)
    const history = await conversationMessages(ports, conversation.id)
    if (history.length === 0) throw new ApiError(409, NOTHING_TO_REPLY_TO)
    const personaId = conversation.data.persona_id
    const persona = typeof personaId === 'string' ? await personaKind.find(ports, personaId) : undefined
    const request = replyRequest(persona, history)
    if (body?.stream) {
      return eventStream((signal) => replyEvents(ports, conversation.id, model, request, signal), {
        toApiError: generatorFailure,
        logError: ports.logError,
      })
    }
    try {
      let stored: unknown
      for await (const event of replyEvents(ports, conversation.id, model, request)) {
        if (event.event === 'done') stored = (event.data as { message: unknown }).message
      }
      return { status: 201, body: stored }
    } catch (failure) {
      throw generatorFailure(failure)
    }
  },
})
