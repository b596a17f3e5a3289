/** "how do i…", "how can we…", "how to…", "how should you…": a way of doing something is asked. */
const HOW_TO = /^how\s+(?:(?:do|can|could|should|would|might)\s+(?:i|we|you|one)|to)\s/iu

/** Whether `ask` asks for a way of doing something (`HOW_TO`). English only. */
export function howToAsk(ask: string): boolean {
  return HOW_TO.test(ask)
}
