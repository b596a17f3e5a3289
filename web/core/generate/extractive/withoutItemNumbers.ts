/** A list item's number in running text: "7) Believing…", "(2) the…", "3. Select…". */
const ITEM_NUMBER = /(?:^|\s)\(?\d{1,2}[).](?=\s)/gu

/**
 * The text with its list items' numbers left out: they number the points of a slide or a note ("7)
 * Believing that everyone…"), and count nothing a question asks about.
 */
export function withoutItemNumbers(text: string): string {
  return text.replace(ITEM_NUMBER, ' ')
}
