/**
 * Scripts written without spaces between words, as the search tokenizer lists them (it turns their
 * runs into character bigrams): a "word" there is a whole clause, so lengths count characters.
 */
export const UNSPACED_SCRIPT =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u
