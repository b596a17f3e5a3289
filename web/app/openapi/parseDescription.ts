export type DescriptionBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] }

/**
 * Just enough Markdown for OpenAPI descriptions: blank lines separate blocks, lines starting with "- " are
 * list items (indented or unmarked lines continue the item before), other lines wrap into one paragraph.
 * Hard line breaks inside the source (wrapped at 110 columns) must not show up as breaks on screen.
 */
export function parseDescription(source: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = []
  for (const chunk of source.split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((line) => line.trim())
    let paragraph: string[] = []
    let items: string[] | undefined
    const flushParagraph = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') })
      paragraph = []
    }
    for (const line of lines) {
      if (!line) continue
      if (line.startsWith('- ')) {
        flushParagraph()
        if (!items) {
          items = []
          blocks.push({ kind: 'list', items })
        }
        items.push(line.slice(2))
      } else if (items) {
        items[items.length - 1] += ` ${line}`
      } else {
        paragraph.push(line)
      }
    }
    flushParagraph()
  }
  return blocks
}

/** Splits on `backticks` so code spans can be rendered as <code>; odd indexes are code. */
export function splitCodeSpans(text: string): string[] {
  return text.split('`')
}
