import type { Block } from '../DocumentModel'

// Control characters other than tab and newline: leftovers of PDF text extraction, never meaningful.
const CONTROL = /[^\P{Cc}\t\n]/gu

/**
 * A block's text as the chunker uses it: prose on one line with single spaces; lists and tables one
 * trimmed, non-empty line per item or row (tables are rendered from `rows`, cells joined by ' | ', when
 * the parser gave them); code keeps its indentation and single blank lines, losing only trailing
 * spaces and blank lines at either end. Empty means the block has nothing to index.
 */
export function normaliseBlockText(block: Block): string {
  switch (block.kind) {
    case 'list':
      return normaliseLines(block.text.split(/\r\n?|\n/u))
    case 'table':
      return normaliseLines(
        block.rows && block.rows.length > 0
          ? block.rows
              .map((row) => row.map(collapse))
              .filter((row) => row.some((cell) => cell !== ''))
              .map((row) => row.join(' | '))
          : block.text.split(/\r\n?|\n/u),
      )
    case 'code':
      return block.text
        .replace(/\r\n?|[\f\v]/gu, '\n')
        .replace(CONTROL, '')
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .replace(/\n{3,}/gu, '\n\n')
        .replace(/^\n+|\n+$/gu, '')
    default:
      return collapse(block.text)
  }
}

function collapse(text: string): string {
  return text.replace(CONTROL, ' ').replace(/\s+/gu, ' ').trim()
}

function normaliseLines(lines: readonly string[]): string {
  return lines
    .map(collapse)
    .filter((line) => line !== '')
    .join('\n')
}
