import { BULLET_SIGNS } from '../../ingest/chunk/bullet'

/** A list has at most this many items quoted. */
const MAX_ITEMS = 10
/** An item line without a bullet or number is this short: longer, it is the text going on. */
const MAX_ITEM_WORDS = 14
/** After a colon, at most this many paragraphs (lines longer than an item) are taken for items. */
const MAX_PARAGRAPH_ITEMS = 6
/** A bullet, or an item's number or letter: "1.", "(2)", "3-" (as slides number them), "a)". */
const MARKED = new RegExp(`^(?:[-*${BULLET_SIGNS}]|\\(?\\d{1,2}[.)]|\\d{1,2}\\s?-|\\(?[a-zA-Z][.)])\\s+`, 'u')

/**
 * The items of a list that follows line `at` (a sentence ending with a colon, or a heading): the next
 * lines that are bulleted or numbered, or short (a spec's or a slide's items), up to the first line
 * that goes on as text or opens another list (a line ending with a colon, a table); after a colon, the
 * next paragraphs too (at most MAX_PARAGRAPH_ITEMS); on a slide, every line. Numbered steps run together on one line ("2. Point
 * to… 3. Select…") are split. A table right after the line gives its rows, the header left out. Empty
 * when no item follows.
 */
export function listItems(
  lines: readonly string[],
  at: number,
  /** Every line an item however long, as a slide's lines are its bullets. */
  eachLineAnItem = false,
  /** Lines known to be a list's items though unmarked (`listedLines`), by their index in `lines`. */
  listed: ReadonlySet<number> = new Set(),
): string[] {
  const following = lines.slice(at + 1)
  // A table right after the introduction: its rows are the items, its first row the header.
  const rows = following.slice(0, following.findIndex((line) => !TABLE_ROW.test(line)) >>> 0)
  if (rows.length >= 3) return rows.slice(1, MAX_ITEMS + 1).map(rowItem)
  const items: string[] = []
  const labels = repeatedLines(following)
  // After a colon the items may be paragraphs, each opening with its name ("Idempotence A single task…").
  const colon = /:$/u.test(lines[at] ?? '')
  let paragraphs = 0
  let bulleted = false
  for (const [i, line] of following.entries()) {
    if (items.length >= MAX_ITEMS || paragraphs >= MAX_PARAGRAPH_ITEMS) break
    // A page's number between its lines ("-2-") is the page's, not an item.
    if (PAGE_NUMBER.test(line)) continue
    // A line printed again and again is a diagram's label ("R" on each of twenty boxes, "versus" between
    // them), and an item said twice is one item.
    if (labels.has(line) || items.includes(line)) continue
    const bullet = MARKED.test(line)
    const marked = bullet || listed.has(at + 1 + i)
    if (!marked && !eachLineAnItem && !colon && line.split(' ').length > MAX_ITEM_WORDS) break
    // A bulleted list ends at the first line without a bullet: the text goes on.
    if (!marked && items.length > 0 && bulleted) break
    bulleted = marked && (bulleted || items.length === 0)
    // "Also, don't forget:" opens the next list, and "What You'll Need:" under a title its own (a line
    // going on in lower case, "exposes are:", ends a wrapped introduction); a table's row is not one of
    // these items.
    const opensList = !bullet && /:$/u.test(line) && (items.length > 0 || /^\p{Lu}/u.test(line))
    if (opensList || (items.length > 0 && TABLE_ROW.test(line))) break
    // After items of a word or two ("Electricity", "Gas", "Internet"), a sentence is the text going on
    // ("The Landlord pays for water and trash collection.").
    if (!marked && items.length >= 2 && items.every(fragment) && SENTENCE.test(line)) break
    if (line.split(' ').length > MAX_ITEM_WORDS) paragraphs++
    items.push(...numberedSteps(line))
    // Items punctuated as one sentence ("raise a request;" … "get sign-off from the budget holder.") end
    // at the one ending it: the line after is the text going on ("Onboarding normally takes ten days").
    if (
      items.length >= 2 &&
      /[.!]$/u.test(line) &&
      items.slice(0, -1).every((item) => SERIES_ITEM.test(item))
    )
      break
  }
  return items.slice(0, MAX_ITEMS)
}

/** A diagram's labels: lines printed this many times in one passage. */
const LABEL_REPEATS = 3

/** A passage's lines without a diagram's labels (`LABEL_REPEATS`) or a line said again. */
export function withoutLabels(lines: readonly string[]): string[] {
  const labels = repeatedLines(lines)
  return lines.filter((line, i) => !labels.has(line) && lines.indexOf(line) === i)
}

function repeatedLines(lines: readonly string[]): Set<string> {
  const counts = new Map<string, number>()
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1)
  return new Set([...counts].filter(([, count]) => count >= LABEL_REPEATS).map(([line]) => line))
}

/** An item of a few words that ends no sentence: "Electricity", "Custom fonts". */
const fragment = (item: string) => item.split(' ').length <= FRAGMENT_WORDS && !/[.!?]$/u.test(item)
const FRAGMENT_WORDS = 4
/** A sentence of its own: capitalised, five words or more, ending as a sentence ends. */
const SENTENCE = /^\p{Lu}\S*(?:\s+\S+){4,}[.!?]["'”’)]*$/u

/** An item of a series punctuated as one sentence: it ends with a semicolon, "; and" or "; or". */
const SERIES_ITEM = /;\s*(?:(?:and|or)\s*)?$/u

/** A page's number on a line of its own ("-2-", "14"). */
export const PAGE_NUMBER = /^[-–—\s]*\d{1,4}[-–—\s]*$/u

/** A table's row as the chunker writes it: cells between " | ". */
export const TABLE_ROW = /\S\s\|\s|^\|\s/u

/** A row as an item: its first cell, then the others ("Berries: Blueberry, Strawberry, Cranberry, 150"). */
function rowItem(row: string): string {
  const cells = row
    .split('|')
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '')
  return cells.length > 1 ? `${cells[0]}: ${cells.slice(1).join(', ')}` : (cells[0] ?? row)
}

/** "2. Point to X. 3. Select Y." as its steps; any other line as itself. */
export function numberedSteps(line: string): string[] {
  const parts = line.split(/\s+(?=\d{1,2}\.\s+\p{Lu})/u)
  return parts.length > 1 && parts.every((part, i) => i === 0 || /^\d{1,2}\.\s/u.test(part)) ? parts : [line]
}

/** Items this long are clipped: a list is read for its items, not their explanations. */
const ITEM_WORDS = 20

/** An item as a list shows it: without its bullet, clipped to ITEM_WORDS words. */
export function clipItem(item: string): string {
  // A number stays ("3-" written "3."), as the list counts with it; a bullet goes.
  const text = item.replace(MARKED, (mark) => (/\d/u.test(mark) ? mark.replace(/\s?-\s+$/u, '. ') : ''))
  const words = text.split(' ')
  return words.length <= ITEM_WORDS ? text : `${words.slice(0, ITEM_WORDS).join(' ')}…`
}
