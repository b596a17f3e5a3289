/**
 * One question of an evaluation, as read from a test-case file (`parseTestCases`).
 *
 * `ground_truth` is the first acceptable answer, kept as the single string the spec's results show;
 * `answers` holds every acceptable answer (at least one, `ground_truth` first), since questions such as
 * SQuAD/XQuAD ones often have several equally right spans ("four", "4"). Judges score against all.
 */
export interface TestCase {
  id: string
  question: string
  ground_truth: string
  answers: string[]
  category: string | null
}
