/** Whether a sentence states a share, in numbers or words: "12%", "12 per cent", "half", "a third", "one in four". */
export function holdsShare(text: string): boolean {
  return SHARE.test(text)
}

const SHARE =
  /\p{N}\s*(?:%|per\s*cent)|\bper\s*cent|\bpercent|\bhalf\b|\bthirds?\b|\bquarters?\b|\bfifths?\b|\bone\s+in\s+\p{L}+|\bmajority\b|\bminority\b/iu
