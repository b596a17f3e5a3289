/**
 * The chain of headings enclosing the current position while a parser walks a document in order:
 * a heading of level L closes every open heading of level L or deeper.
 */
export class HeadingTrail {
  private readonly open: { level: number; text: string }[] = []

  /** Enters a heading; returns its own headingPath (the enclosing headings, excluding itself). */
  enter(level: number, text: string): string[] {
    while (this.open.length > 0 && (this.open[this.open.length - 1]?.level ?? 0) >= level) this.open.pop()
    const path = this.path()
    this.open.push({ level, text })
    return path
  }

  /** The headingPath of body text at the current position. */
  path(): string[] {
    return this.open.map((heading) => heading.text)
  }
}
