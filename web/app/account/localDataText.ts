import { plural } from '../plural'
import type { LocalDataCounts } from './accountApi'

/** "3 collections, 12 documents and 5 chats": the parts that are not zero, in that order. */
export function localDataLabel(counts: LocalDataCounts): string {
  const parts = [
    counts.collections && plural(counts.collections, 'collection'),
    counts.documents && plural(counts.documents, 'document'),
    counts.chats && plural(counts.chats, 'chat'),
  ].filter((part): part is string => typeof part === 'string')
  if (parts.length === 0) return 'no data'
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`
}

/** The question's first line: "This device has 3 collections, … that are not in your account." */
export function localDataQuestion(counts: LocalDataCounts): string {
  return `This device has ${localDataLabel(counts)} that ${total(counts) === 1 ? 'is' : 'are'} not in your account.`
}

function total(counts: LocalDataCounts): number {
  return counts.collections + counts.documents + counts.chats
}
