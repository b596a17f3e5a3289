/**
 * A sentence opening with a pronoun or a demonstrative ("He will gain…", "Its revenue…", "These are…"):
 * what it speaks of was named in the sentence before. English, a closed class of words; not one in
 * capitals, which is a name ("IT help desk: ext. 2400", "HER2-positive").
 */
export const OPENING_PRONOUN =
  /^(?:[Hh]e|[Ss]he|[Tt]hey|[Ii]t|[Hh]is|[Hh]er|[Tt]heir|[Ii]ts|[Tt]his|[Tt]hese|[Tt]hose|[Ss]uch)\b/u

/** The personal ones alone ("He", "She", "They", "It" and their possessives): they stand for a named subject. */
export const OPENING_PERSONAL_PRONOUN = /^(?:[Hh]e|[Ss]he|[Tt]hey|[Ii]t|[Hh]is|[Hh]er|[Tt]heir|[Ii]ts)\b/u
