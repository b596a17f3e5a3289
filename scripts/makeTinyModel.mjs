import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import onnxProto from 'onnx-proto'

const { onnx } = onnxProto

/**
 * Writes a tiny BERT-like feature-extraction model that transformers.js loads like any Hugging Face
 * model folder, so tests exercise the real loading path (config, tokenizer, ONNX session, pooling)
 * without downloading anything (DESIGN.md section 5).
 *
 *   <dir>/config.json             model_type bert, hidden_size 32
 *   <dir>/tokenizer.json          WordPiece, lowercasing, [CLS] ... [SEP]
 *   <dir>/tokenizer_config.json   BertTokenizer
 *   <dir>/onnx/model.onnx         last_hidden_state = (E[input_ids] + T[token_type_ids]) * attention_mask
 *
 * E (vocab x 32) and T (2 x 32) hold pseudo-random weights from a seeded PRNG, so every run writes the
 * same bytes. With mean pooling a text's vector is the mean of its tokens' rows (plus the [CLS], [SEP]
 * and token-type rows every text shares): word order does not matter, case does not matter (the
 * tokenizer lowercases), and texts sharing words are closer than texts that share none. Every op is
 * exact (Gather, Add, Cast, Unsqueeze, Mul), so any two runtimes must agree to float rounding.
 *
 * Usable as a module (`makeTinyModel(dir)`) or a command (`node scripts/makeTinyModel.mjs <dir>`).
 */
export const TINY_MODEL_DIMENSIONS = 32
const SEED = 0x5eed_1e55

const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]']

// Common English words, then word pieces and single characters, so that most text tokenizes without [UNK].
const WORDS =
  `the of and to a in is it you that he was for on are with as i his they be at one have this from or
had by hot word but what some we can out other were all there when up use your how said an each she
which do their time if will way about many then them write would like so these her long make thing
see him two has look more day could go come did number sound no most people my over know water than
call first who may down side been now find any new work part take get place made live where after
back little only round man year came show every good me give our under name very through just form
sentence great think say help low line differ turn cause much mean before move right boy old too
same tell does set three want air well also play small end put home read hand port large spell add
even land here must big high such follow act why ask men change went light kind off need house
picture try us again animal point mother world near build self earth father head stand own page
should country found answer school grow study still learn plant cover food sun four between state
keep eye never last let thought city tree cross farm hard start might story saw far sea draw left
late run while press close night real life few north open seem together next white children begin
got walk example ease paper group always music those both mark often letter until mile river car
feet care second book carry took science eat room friend began idea fish mountain stop once base
hear horse cut sure watch color face wood main enough plain girl usual young ready above ever red
list though feel talk bird soon body dog family direct pose leave song measure door product black
short numeral class wind question happen complete ship area half rock order fire south problem piece
told knew pass since top whole king space heard best hour better true during hundred five remember
step early hold west ground interest reach fast verb sing listen six table travel less morning ten
simple several vowel toward war lay against pattern slow center love person money serve appear road
map rain rule govern pull cold notice voice unit power town fine certain fly fall lead cry dark
machine note wait plan figure star box noun field rest correct able pound done beauty drive stood
contain front teach week final gave green oh quick develop ocean warm free minute strong special
mind behind clear tail produce fact street inch multiply nothing course stay wheel full force blue
object decide surface deep moon island foot system busy test record boat common gold possible plane
stead dry wonder laugh thousand ago ran check game shape equate miss brought heat snow tire bring
yes distant fill east paint language among cat sat mat stock market price prices rise fell bank loan
document chat search query answer file files model vector`
    .split(/\s+/)
    .filter((word) => word !== '')
const PIECES = ['s', 'es', 'ed', 'ing', 'ly', 'er', 'est', 'ion', 'tion', 'ness', 'ment', 'able', 'al', 'y']
const CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('')
const PUNCTUATION = '.,;:!?\'"()-/'.split('')

/** The vocabulary in id order: special tokens, words, punctuation, characters, then ## pieces. */
export function tinyVocabulary() {
  const tokens = [
    ...SPECIAL_TOKENS,
    ...WORDS,
    ...PUNCTUATION,
    ...CHARACTERS,
    ...PIECES.map((piece) => `##${piece}`),
    ...CHARACTERS.map((character) => `##${character}`),
  ]
  return [...new Set(tokens)]
}

/** mulberry32: a small seeded PRNG, good enough for weights and the same on every platform. */
function mulberry32(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A float32 tensor initializer with weights uniform in [-scale, scale), little-endian as ONNX requires. */
function randomInitializer(name, rows, columns, random, scale) {
  const bytes = new Uint8Array(rows * columns * 4)
  const view = new DataView(bytes.buffer)
  for (let i = 0; i < rows * columns; i++) view.setFloat32(i * 4, (random() * 2 - 1) * scale, true)
  return { name, dims: [rows, columns], dataType: onnx.TensorProto.DataType.FLOAT, rawData: bytes }
}

function tensorInfo(name, elemType, dims) {
  return {
    name,
    // Symbolic dimensions (batch, sequence) by name, fixed ones by size.
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((dim) => (typeof dim === 'number' ? { dimValue: dim } : { dimParam: dim })) },
      },
    },
  }
}

/** The ONNX graph as bytes (IR 8, opset 13, which onnxruntime-node and onnxruntime-web both run). */
export function tinyModelBytes(vocabularySize, dimensions = TINY_MODEL_DIMENSIONS) {
  const random = mulberry32(SEED)
  const { FLOAT, INT64 } = onnx.TensorProto.DataType
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: 'quire makeTinyModel',
    opsetImport: [{ domain: '', version: 13 }],
    graph: {
      name: 'quire_tiny_embedder',
      initializer: [
        randomInitializer('word_embeddings', vocabularySize, dimensions, random, 1),
        // Smaller than the word rows: every text gets the same token-type row, which only shifts vectors.
        randomInitializer('token_type_embeddings', 2, dimensions, random, 0.1),
        { name: 'last_axis', dims: [1], dataType: INT64, int64Data: [2] },
      ],
      node: [
        {
          opType: 'Gather',
          input: ['word_embeddings', 'input_ids'],
          output: ['words'],
          name: 'gather_words',
        },
        {
          opType: 'Gather',
          input: ['token_type_embeddings', 'token_type_ids'],
          output: ['types'],
          name: 'gather_types',
        },
        { opType: 'Add', input: ['words', 'types'], output: ['embeddings'], name: 'add' },
        {
          opType: 'Cast',
          input: ['attention_mask'],
          output: ['mask_float'],
          name: 'cast_mask',
          attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: FLOAT }],
        },
        { opType: 'Unsqueeze', input: ['mask_float', 'last_axis'], output: ['mask'], name: 'unsqueeze_mask' },
        // Zeroes padded positions, as a real encoder's output there is meaningless anyway.
        { opType: 'Mul', input: ['embeddings', 'mask'], output: ['last_hidden_state'], name: 'mask_padding' },
      ],
      input: [
        tensorInfo('input_ids', INT64, ['batch_size', 'sequence_length']),
        tensorInfo('attention_mask', INT64, ['batch_size', 'sequence_length']),
        tensorInfo('token_type_ids', INT64, ['batch_size', 'sequence_length']),
      ],
      output: [tensorInfo('last_hidden_state', FLOAT, ['batch_size', 'sequence_length', dimensions])],
    },
  })
  return onnx.ModelProto.encode(model).finish()
}

/** tokenizer.json in the Hugging Face tokenizers format, as `BertTokenizerFast` saves it. */
export function tinyTokenizer(vocabulary) {
  const ids = Object.fromEntries(vocabulary.map((token, id) => [token, id]))
  const special = (token) => ({ id: token, ids: [ids[token]], tokens: [token] })
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content) => ({
      id: ids[content],
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: { '[CLS]': special('[CLS]'), '[SEP]': special('[SEP]') },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: ids,
    },
  }
}

const MAX_LENGTH = 512

/** Writes the model folder into `dir` (created if missing) and returns what a test needs to know. */
export async function makeTinyModel(dir) {
  const vocabulary = tinyVocabulary()
  await mkdir(join(dir, 'onnx'), { recursive: true })
  const config = {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: TINY_MODEL_DIMENSIONS,
    num_hidden_layers: 0,
    num_attention_heads: 1,
    intermediate_size: TINY_MODEL_DIMENSIONS,
    max_position_embeddings: MAX_LENGTH,
    type_vocab_size: 2,
    vocab_size: vocabulary.length,
    pad_token_id: 0,
  }
  const tokenizerConfig = {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: MAX_LENGTH,
    clean_up_tokenization_spaces: true,
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    mask_token: '[MASK]',
  }
  await Promise.all([
    writeFile(join(dir, 'config.json'), `${JSON.stringify(config, null, 2)}\n`),
    writeFile(join(dir, 'tokenizer.json'), JSON.stringify(tinyTokenizer(vocabulary))),
    writeFile(join(dir, 'tokenizer_config.json'), `${JSON.stringify(tokenizerConfig, null, 2)}\n`),
    writeFile(join(dir, 'onnx', 'model.onnx'), tinyModelBytes(vocabulary.length)),
  ])
  return { dir, dimensions: TINY_MODEL_DIMENSIONS, vocabularySize: vocabulary.length }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2]
  if (!dir) {
    console.error('usage: node scripts/makeTinyModel.mjs <dir>')
    process.exit(2)
  }
  const { vocabularySize } = await makeTinyModel(resolve(dir))
  console.log(`wrote ${resolve(dir)} (vocabulary ${vocabularySize}, ${TINY_MODEL_DIMENSIONS} dimensions)`)
}
