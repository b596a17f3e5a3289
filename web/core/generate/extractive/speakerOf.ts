import { tokenize } from '../../retrieve/index/tokenize'
import { QUESTION_SHAPE } from '../../retrieve/understandQuestion'

/**
 * Who a question asks the words of ("what did THE TREASURER report", "what does the headteacher say about
 * parking") and the verb of saying, as search terms; null for other shapes. The verb is rarely printed
 * (minutes say "Treasurer's report", "Headteacher's update"), and the section headed by who it names is
 * what they said. English word order only.
 */
export function speakerOf(ask: string): { who: string[]; verb: string } | null {
  const match = SAID_ASK.exec(ask.toLowerCase().replace(/\s+/gu, ' ').trim())
  if (!match) return null
  const who = tokenize(match[1]!).filter((term) => !QUESTION_SHAPE.has(term))
  const verb = tokenize(match[2]!)[0]
  return who.length > 0 && verb !== undefined ? { who, verb } : null
}

const SAID_ASK =
  /^what\s+(?:did|does|do|has|have|will)\s+(.+?)\s+(say|said|report|mention|announce|tell|discuss|present|propose|recommend|update)\b(?:\s+(?:about|on|regarding|of|at|in|during)\s.*)?\s*[?.!]*$/u
