import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import type { RecordPorts } from '../../../records/platformRecords'
import { errorSchema } from '../../errorSchema'
import { defineRoute } from '../../Route'
import { toErrorResult } from '../../toErrorResult'
import type { ChatModel, ChatModelRequest, ChatTurn } from '../../../generate/ChatModel'
import { GeneratorError } from '../../../generate/GeneratorError'
import { chatServerName, resolveChatModel } from '../../../providers/resolveChatModel'
import { runningGenerations } from '../../../providers/runningGenerations'
import type { StoredRecord } from '../../../store/StoredRecord'
import { canonicalId } from '../../../records/recordId'
import { conversationKind } from '../../../records/kinds/conversationKind'
import {
  addConversationMessage,
  conversationMessages,
  requireConversation,
} from '../conversations/conversationRecords'
import { historyTurns, withPersona } from '../conversations/replyRequest'
import { personaKind } from '../../../records/kinds/personaKind'
import { validationResponse } from '../platformErrors'
import { providerFailure } from './aiProviderRoutes'
import { cancelBody, chatBody, generateBody } from './aiSchemas'
import { dataStream } from './dataStream'

const tags = ['AI providers']
const BASE = '/api/v1/ai/providers'

/** What a stream sends when the model fails after it began: BrainDrive's `{error, message}`, with Quire's `detail` and `status`. */
function streamFailure(logError: (error: unknown) => void) {
  return (error: unknown) => {
    const { status, body } = toErrorResult(providerFailure(error), logError)
    const detail = String((body as { detail?: unknown }).detail ?? 'The model failed')
    return { error: true, message: detail, detail, status }
  }
}

interface Exchange {
  requestId: string
  model: ChatModel
  modelName: string
  provider: string
  request: Omit<ChatModelRequest, 'signal'>
  userId: string
  /** Where the exchange is stored (chat), with the turns to store before the answer. */
  conversation?: { id: string; turns: ChatTurn[]; personaId: string | null }
}

/** A chunk in the shape OpenAI streams and BrainDrive's chat plugin reads (`choices[0].delta.content`), with `text` for completions. */
function chunk(exchange: Exchange, content: string, finish: string | null, extra: object = {}) {
  return {
    id: exchange.requestId,
    object: 'chat.completion.chunk',
    model: exchange.modelName,
    provider: exchange.provider,
    text: content,
    choices: [{ index: 0, delta: content === '' ? {} : { content }, text: content, finish_reason: finish }],
    ...extra,
  }
}

/** An exchange stores its turns and answer as conversation messages (clock, ids) and logs a stream that fails. */
type ExchangePorts = Pick<ApiPorts, 'clock' | 'newId' | 'logError'> & RecordPorts

/** Asking also resolves the model (the person's servers, WebLLM, the outbound fetch) and names the caller. */
type AskAiPorts = ExchangePorts & Pick<ApiPorts, 'generation' | 'outboundFetch' | 'currentUserId'>

/** A cancel names only the caller: running generations are registered by user. */
type CancelPorts = Pick<ApiPorts, 'currentUserId'>

/**
 * Runs the model, yielding each piece; registered for `/cancel` by request id and conversation id.
 * When it ends (or is stopped: `signal` from the reader, or a cancel), the turns and the answer are
 * stored in the conversation, a stopped answer with `stopped: true`; a failure stores nothing.
 */
async function* runExchange(
  ports: ExchangePorts,
  exchange: Exchange,
  signal: AbortSignal | undefined,
  outcome: { answer: string; stopped: boolean; message?: StoredRecord },
): AsyncGenerator<string> {
  const run = runningGenerations.start(exchange.userId, [exchange.requestId, exchange.conversation?.id])
  const stop = signal ? AbortSignal.any([signal, run.signal]) : run.signal
  try {
    for await (const piece of exchange.model.stream({ ...exchange.request, signal: stop })) {
      outcome.answer += piece
      yield piece
    }
  } catch (error) {
    if (!stop.aborted) throw error
  } finally {
    run.done()
  }
  outcome.stopped = stop.aborted
  if (!outcome.stopped && outcome.answer.trim() === '')
    throw new GeneratorError(`${exchange.model.id} returned an empty answer`)
  const conversation = exchange.conversation
  if (!conversation) return
  for (const turn of conversation.turns) {
    await addConversationMessage(ports, conversation.id, {
      sender: turn.role === 'system' ? 'system' : 'user',
      message: turn.content,
      message_metadata: { role: turn.role },
    })
  }
  if (outcome.answer === '') return
  outcome.message = await addConversationMessage(ports, conversation.id, {
    sender: 'assistant',
    message: outcome.answer,
    message_metadata: {
      model: exchange.modelName,
      provider: exchange.provider,
      ...(exchange.request.temperature === undefined ? {} : { temperature: exchange.request.temperature }),
      ...(conversation.personaId ? { persona_id: conversation.personaId } : {}),
      ...(outcome.stopped ? { stopped: true } : {}),
    },
  })
}

function answer(ports: ExchangePorts, exchange: Exchange, stream: boolean | undefined, completion: boolean) {
  const conversationId = exchange.conversation?.id
  if (stream) {
    return dataStream(async function* (signal) {
      if (conversationId)
        yield { type: 'conversation', conversation_id: conversationId, request_id: exchange.requestId }
      const outcome = { answer: '', stopped: false } as {
        answer: string
        stopped: boolean
        message?: StoredRecord
      }
      for await (const piece of runExchange(ports, exchange, signal, outcome))
        yield chunk(exchange, piece, null)
      yield chunk(exchange, '', outcome.stopped ? 'cancelled' : 'stop', {
        ...(conversationId ? { conversation_id: conversationId } : {}),
        ...(outcome.message ? { message_id: outcome.message.id } : {}),
      })
    }, streamFailure(ports.logError))
  }
  return (async () => {
    const outcome = { answer: '', stopped: false } as {
      answer: string
      stopped: boolean
      message?: StoredRecord
    }
    try {
      for await (const piece of runExchange(ports, exchange, undefined, outcome)) void piece
    } catch (error) {
      throw providerFailure(error)
    }
    const finish = outcome.stopped ? 'cancelled' : 'stop'
    return {
      status: 200,
      body: {
        id: exchange.requestId,
        object: completion ? 'text_completion' : 'chat.completion',
        model: exchange.modelName,
        provider: exchange.provider,
        text: outcome.answer,
        content: outcome.answer,
        choices: [
          {
            index: 0,
            ...(completion
              ? { text: outcome.answer }
              : { message: { role: 'assistant', content: outcome.answer } }),
            finish_reason: finish,
          },
        ],
        ...(conversationId ? { conversation_id: conversationId } : {}),
        ...(outcome.message ? { message_id: outcome.message.id } : {}),
      },
    }
  })()
}

function base(params: { temperature?: number; max_tokens?: number } | undefined) {
  return {
    ...(params?.temperature === undefined ? {} : { temperature: params.temperature }),
    ...(params?.max_tokens === undefined ? {} : { maxTokens: params.max_tokens }),
  }
}

const STREAM_RULE = [
  'With `stream: true` the answer is `text/event-stream` of bare `data: {json}` events ending with',
  '`data: [DONE]`, as BrainDrive streams: chunks in OpenAI’s shape (`choices[0].delta.content`, also',
  '`text`), the last with `finish_reason` `stop` (or `cancelled`); a failure after the stream began is',
  'one `data: {error: true, message, detail, status}` and then `[DONE]` (the client never hangs).',
  'Without it (the default), one JSON answer: `choices[0]`, `text`, `content`. Checks (unknown',
  'provider, settings or server id, a missing model) are answered before any stream, as JSON errors;',
  'a model that fails before answering is a 502 with the reason (never the key). Closing the stream',
  'or `POST /cancel` stops the model and its upstream request.',
].join(' ')

const TARGET_RULE = [
  '`provider`, `settings_id` (a setting instance id or definition id; default the provider’s),',
  '`server_id` (default the first server) and `model` name the model, as in `GET /models`.',
  '`params.temperature` and `params.max_tokens` are passed on.',
].join(' ')

const generateRoute = defineRoute({
  method: 'post',
  path: `${BASE}/generate`,
  operationId: 'generateAiText',
  summary: 'Generate text from a prompt',
  description: `The prompt is sent as one user turn. ${TARGET_RULE} ${STREAM_RULE} Nothing is stored. Its \`id\` (also in each chunk) is the \`request_id\` \`/cancel\` takes.`,
  tags,
  errorStyle: 'platform',
  body: generateBody,
  responses: {
    200: { description: 'The text (or its stream)', schema: z.looseObject({ text: z.string() }) },
    400: { description: 'A provider that cannot be used here', schema: errorSchema },
    404: { description: 'Unknown settings or server id', schema: errorSchema },
    422: validationResponse,
    502: { description: 'The model failed', schema: errorSchema },
  },
  async handler({ body }, ports: AskAiPorts) {
    const exchange: Exchange = {
      requestId: ports.newId(),
      model: await resolveChatModel(ports, body),
      modelName: body.model,
      provider: body.provider,
      request: { messages: [{ role: 'user', content: body.prompt }], ...base(body.params) },
      userId: await ports.currentUserId(),
    }
    return answer(ports, exchange, body.stream, true)
  },
})

const chatRoute = defineRoute({
  method: 'post',
  path: `${BASE}/chat`,
  operationId: 'chatAiProvider',
  summary: 'Chat with a model, stored in a conversation',
  description: [
    `${TARGET_RULE} \`messages\` are \`{role: system|user|assistant, content}\`.`,
    'With `conversation_id` (404 when it is not the caller’s), the conversation’s stored messages (the',
    'latest 100) come first, then `messages`; without, a new conversation is made (titled',
    '“Conversation with <model>”, with `model`, `persona_id`, `page_id`, `conversation_type`), as',
    'BrainDrive does. The user and system turns of `messages` and the answer (`assistant`, with',
    '`message_metadata.model`, `provider`, `temperature`) are stored there when the answer ends; a',
    'stopped answer is stored with `stopped: true`; a failure stores nothing (a conversation made for',
    'the request stays, empty, as in BrainDrive). `persona_id` (404 when',
    'unknown) puts the persona’s `system_prompt` first and its `model_settings.temperature` and',
    '`max_tokens` over `params`, as the conversation reply does. A stream starts with',
    '`data: {type: "conversation", conversation_id, request_id}`; the JSON answer carries',
    '`conversation_id` and `message_id`.',
    STREAM_RULE,
    'Differs from BrainDrive: the persona is read from the persona record (BrainDrive takes',
    '`persona_system_prompt` and `persona_model_settings` from the body; they are ignored here), and a',
    'stored conversation’s persona is not changed by the request’s.',
  ].join(' '),
  tags,
  errorStyle: 'platform',
  body: chatBody,
  responses: {
    200: {
      description: 'The answer (or its stream)',
      schema: z.looseObject({ conversation_id: z.string() }),
    },
    400: { description: 'A provider that cannot be used here', schema: errorSchema },
    404: { description: 'Unknown settings, server, conversation or persona', schema: errorSchema },
    422: validationResponse,
    502: { description: 'The model failed', schema: errorSchema },
  },
  async handler({ body }, ports: AskAiPorts) {
    const model = await resolveChatModel(ports, body)
    const persona = body.persona_id ? await personaKind.require(ports, body.persona_id) : undefined
    const userId = await ports.currentUserId()
    let conversation: StoredRecord
    let history: ChatTurn[] = []
    if (body.conversation_id) {
      conversation = await requireConversation(ports, body.conversation_id)
      history = historyTurns(await conversationMessages(ports, conversation.id))
    } else {
      conversation = conversationKind.create(ports, {
        user_id: userId,
        title: `Conversation with ${body.model}`,
        page_context: null,
        page_id: body.page_id ?? null,
        model: body.model,
        // BrainDrive stores the server's name here, which its Chat plugin matches models by.
        server: await chatServerName(ports, body),
        conversation_type: body.conversation_type ?? 'chat',
        persona_id: persona?.id ?? null,
      })
      await conversationKind.put(ports, conversation)
    }
    const turns = body.messages.map(({ role, content }) => ({ role, content }))
    const exchange: Exchange = {
      requestId: ports.newId(),
      model,
      modelName: body.model,
      provider: body.provider,
      request: withPersona(persona, [...history, ...turns], base(body.params)),
      userId,
      conversation: {
        id: conversation.id,
        turns: turns.filter((turn) => turn.role !== 'assistant'),
        personaId: persona?.id ?? null,
      },
    }
    return answer(ports, exchange, body.stream, false)
  },
})

const cancelRoute = defineRoute({
  method: 'post',
  path: `${BASE}/cancel`,
  operationId: 'cancelAiGeneration',
  summary: 'Stop a running generation',
  description: [
    'Stops the caller’s generations running under `conversation_id` (what BrainDrive’s chat sends)',
    'or `request_id` (a stream’s first event, a generation’s `id`): the model and its upstream request',
    'are aborted, and a chat stores what was said so far with `stopped: true`. Answers 200',
    '`{status: "success", cancelled, message}`; `cancelled` is false when nothing of the caller’s was',
    'running under that id. 422 without either id. Differs from BrainDrive: it really cancels',
    '(BrainDrive answers `cancelled: true` and lets the generation run).',
  ].join(' '),
  tags,
  errorStyle: 'platform',
  body: cancelBody,
  responses: {
    200: {
      description: 'Whether something was stopped',
      schema: z.object({ status: z.string(), cancelled: z.boolean(), message: z.string() }),
    },
    422: validationResponse,
  },
  async handler({ body }, ports: CancelPorts) {
    const ids = [body.request_id, body.conversation_id]
      .filter((id): id is string => !!id)
      .map((id) => canonicalId(id) ?? id)
    if (ids.length === 0)
      throw ApiError.unprocessable([
        { loc: ['body', 'conversation_id'], msg: 'Send a conversation_id or a request_id', type: 'missing' },
      ])
    const userId = await ports.currentUserId()
    const reason = new ApiError(499, 'Cancelled')
    const stopped = ids.reduce((sum, id) => sum + runningGenerations.cancel(userId, id, reason), 0)
    return {
      status: 200,
      body: {
        status: 'success',
        cancelled: stopped > 0,
        message: stopped > 0 ? 'Generation cancelled' : 'Nothing was running under that id',
      },
    }
  },
})

export const aiGenerationRoutes = [generateRoute, chatRoute, cancelRoute]
