import { createSignal, onCleanup } from 'solid-js'
import { postMessage, streamReply } from '../api/conversationsApi'
import type { PendingTurn } from '../chat/MessageThread'

export interface ReplyFailure {
  error: unknown
  /** The person's message was stored; only the reply failed, so "try again" asks for the reply alone. */
  messageStored: boolean
  text: string
}

export interface ConversationReplyOptions {
  conversationId: () => string
  /** Reads the stored messages again; the pending turn is dropped once it resolves. */
  reload: () => Promise<unknown>
  /** A turn ended in any way: the sidebar's order may have changed. */
  onEnded: () => void
}

/**
 * Sending a message and streaming the reply: the message is stored first (`POST .../messages`), then the
 * reply is streamed (`POST .../reply`). Stop aborts the stream; the API keeps what it had said, which the
 * reload after a short wait picks up. Leaving the conversation aborts a reply in progress.
 */
export function useConversationReply(options: ConversationReplyOptions) {
  const [pending, setPending] = createSignal<PendingTurn>()
  const [failure, setFailure] = createSignal<ReplyFailure>()
  let controller: AbortController | undefined
  onCleanup(() => controller?.abort())

  const settle = async () => {
    try {
      await options.reload()
    } finally {
      setPending(undefined)
    }
  }

  const reply = async (text: string) => {
    controller = new AbortController()
    const turn = controller
    try {
      await streamReply(
        options.conversationId(),
        (token) => setPending((p) => p && { ...p, answer: p.answer + token }),
        turn.signal,
      )
      await settle()
    } catch (error) {
      if (turn.signal.aborted) {
        setPending((p) => p && { ...p, stopped: true })
        await new Promise((resolve) => setTimeout(resolve, 400))
        await settle()
      } else {
        setFailure({ error, messageStored: true, text })
        await settle()
      }
    } finally {
      if (controller === turn) controller = undefined
      options.onEnded()
    }
  }

  const send = async (text: string) => {
    if (pending()) return
    setFailure(undefined)
    setPending({ question: text, answer: '', stopped: false })
    try {
      await postMessage(options.conversationId(), text)
    } catch (error) {
      setPending(undefined)
      setFailure({ error, messageStored: false, text })
      return
    }
    await reply(text)
  }

  const retry = async () => {
    const failed = failure()
    if (!failed || pending()) return
    if (!failed.messageStored) return send(failed.text)
    setFailure(undefined)
    setPending({ answer: '', stopped: false })
    await reply(failed.text)
  }

  return { pending, failure, send, retry, stop: () => controller?.abort() }
}
