/** A negation in English: "not", "never", "no", "cannot", "shouldn't". */
export const NEGATED = /\b(?:not|never|no|cannot)\b|n['’]t\b/iu
