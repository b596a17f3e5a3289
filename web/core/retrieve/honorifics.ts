/**
 * Titles written before a person's name ("Dr. Lena Ortiz", "Prof. Karen Holt", "Ms. Ruiz"), as one
 * alternation for patterns to build on: a line opening with one is a person's, and the name runs on
 * after its full stop.
 */
export const HONORIFICS = '(?:Dr|Prof|Professor|Mr|Mrs|Ms|Mx)'
