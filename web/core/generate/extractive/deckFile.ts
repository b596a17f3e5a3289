/** A slide deck's file name ends so: PowerPoint, OpenDocument or Keynote. */
export const DECK_FILE = /\.(?:pptx?|odp|key)$/iu
