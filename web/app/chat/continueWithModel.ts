import { listMessages, type ChatSession } from '../api/chatApi'
import { createConversation, postMessage, type Conversation } from '../api/conversationsApi'

/**
 * Switches a document chat to a language model (with a persona or none). The two live in different
 * records (a chat session, a conversation), so the thread continues in a new conversation of the same
 * name holding the session's exchange so far, questions as the person's and answers as the assistant's:
 * the model replies knowing what was asked and answered. The session itself stays, with its citations.
 */
export async function continueWithModel(
  session: ChatSession,
  personaId: string | null,
): Promise<Conversation> {
  const [conversation, messages] = await Promise.all([
    createConversation(session.name, personaId),
    listMessages(session.id),
  ])
  // One at a time: the order they are stored in is the order the model reads them.
  for (const message of messages) {
    const text = message.role === 'user' ? message.content : withoutCitations(message.content)
    if (!text.trim()) continue
    await postMessage(conversation.id, text, message.role === 'user' ? 'user' : 'assistant')
  }
  return conversation
}

/** An answer's "[1]" markers point at the session's sources, which the conversation does not have. */
export function withoutCitations(answer: string): string {
  return answer.replace(/\s*\[\d+(?:\s*,\s*\d+)*\]/g, '')
}
