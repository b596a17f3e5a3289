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

/** The Account page's line for data kept on this device only: "… are kept on this device only: …". */
export function keptDataText(counts: LocalDataCounts): string {
  const one = total(counts) === 1
  return `${capitalised(localDataLabel(counts))} ${one ? 'is' : 'are'} kept on this device only: ${one ? 'it does' : 'they do'} not sync to your account.`
}

/** The confirmation's text before that data is sent. */
export function sendKeptQuestion(counts: LocalDataCounts): string {
  const one = total(counts) === 1
  return `${capitalised(localDataLabel(counts))} will be sent to your account and sync to your other devices, with what you add to ${one ? 'it' : 'them'} from now on.`
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function total(counts: LocalDataCounts): number {
  return counts.collections + counts.documents + counts.chats
}
