/**
 * The title of a deck's agenda slide: its lines are the deck's parts ("Why students leave", "What we
 * recommend"), each the title of a slide that says what the line only names.
 */
export const AGENDA_TITLE =
  /^(?:overview|agenda|outline|contents|table\s+of\s+contents|topics|roadmap|today['’]?s\s+topics|in\s+this\s+(?:talk|session|presentation))$/iu

/** A table of contents' heading, in a document of any kind. */
export const CONTENTS_TITLE = /^(?:table\s+of\s+)?contents$/iu
