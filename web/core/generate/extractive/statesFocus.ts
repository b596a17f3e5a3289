import { tokenize } from '../../retrieve/index/tokenize'
import { matchWord } from './matchWord'

/** "What is the X…", "what are the X…", "what's the X…": the value of a thing is asked. */
const WHAT_IS_ASK = /^\s*what(?:'s|’s|\s+is|\s+are|\s+was|\s+were)\s/iu

/** A word, then the verb saying what it is or may be ("penalty is", "fees can be"). */
const STATED = /([\p{L}\p{N}-]+)\s+(?:is|are|was|were|(?:can|will|may|would|shall|could)\s+be)\b/giu

/**
 * Whether a question asks what a thing is ("what is the penalty if I pay late") and a sentence says it of
 * that thing, the asked noun the subject of "is", "are", "can be" ("the penalty is usually 1/2 of 1%"),
 * not a word in passing ("may be charged a late payment penalty"). `focus` is the asked noun's search
 * term (`askFocus`).
 */
export function statesFocus(ask: string, focus: string | null, text: string): boolean {
  if (focus === null || !WHAT_IS_ASK.test(ask)) return false
  for (const [, word] of text.matchAll(STATED)) {
    const term = tokenize(word!)[0]
    if (term !== undefined && matchWord(focus, term) > 0) return true
  }
  return false
}
