import type { Block } from '../../DocumentModel'

/** Titles that producers fill in by themselves and that name nothing. */
const PLACEHOLDER =
  /^(untitled|title|document|doc\d*|slide\s*\d*|presentation\d*|new document|unknown|none|null)$/iu
/** A file name or path left in the Title by the producer ("C:\\My Documents\\SUMMARY6.WPD", "paper.dvi"). */
const FILE_NAME =
  /\.(docx?|pdf|dvi|tex|e?ps|wpd|rtf|txt|odt|indd|qxd|pptx?|xlsx?|html?|pages|key|md)$|^[a-z]:[\\/]|^\//iu
/** Word and PowerPoint prefix the file name: "Microsoft Word - Backup4all_network_backup_solution.doc". */
const PRODUCER_PREFIX = /^microsoft (word|powerpoint|excel)\s*-\s*/iu

/**
 * The document's title: the information dictionary's Title, else the XMP dc:title, when it reads like a
 * title; otherwise the first heading the layout found.
 */
export function pickTitle(
  info: object | undefined,
  xmpTitle: unknown,
  blocks: readonly Block[],
): string | undefined {
  const infoTitle = info && 'Title' in info ? info.Title : undefined
  for (const candidate of [infoTitle, xmpTitle]) {
    const title = usableTitle(candidate)
    if (title) return title
  }
  return blocks.find((block) => block.kind === 'heading')?.text
}

function usableTitle(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const title = value
    .replace(/\s+/gu, ' ')
    .replace(/[\p{Cc}\uFFFD]/gu, '')
    .trim()
    .replace(PRODUCER_PREFIX, '')
  if (title.length < 3 || title.length > 300 || !/\p{L}/u.test(title)) return undefined
  if (PLACEHOLDER.test(title) || FILE_NAME.test(title)) return undefined
  return title
}
