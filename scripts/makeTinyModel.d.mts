/** Width of the generated model's vectors. */
export const TINY_MODEL_DIMENSIONS: 32

/** The vocabulary in id order: [PAD] [UNK] [CLS] [SEP] [MASK], words, punctuation, characters, ## pieces. */
export function tinyVocabulary(): string[]

/** The ONNX graph's bytes: last_hidden_state = (E[input_ids] + T[token_type_ids]) * attention_mask. */
export function tinyModelBytes(vocabularySize: number, dimensions?: number): Uint8Array

/** tokenizer.json (WordPiece, lowercasing) for the vocabulary. */
export function tinyTokenizer(vocabulary: string[]): Record<string, unknown>

/** Writes a tiny BERT-like feature-extraction model folder into `dir` (no download). */
export function makeTinyModel(
  dir: string,
): Promise<{ dir: string; dimensions: number; vocabularySize: number }>
