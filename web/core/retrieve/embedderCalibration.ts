/**
 * How far an embedder's cosines can be trusted, per embedder: cosine scales differ so much between
 * models that one number cannot serve them all (the spec's default `similarity_threshold` of 0.7
 * discards every hash-v1 vector and keeps nearly every e5 one).
 */
export interface EmbedderCalibration {
  /**
   * The default minimum cosine for a vector candidate, where a request gives none: about where
   * "unrelated" ends for this embedder, so chance-level neighbours neither vote in fusion nor show
   * up as results. Also the "no evidence" floor of hybrid fusion (`relativeScoreFusion`).
   */
  similarityThreshold: number
  /**
   * Weight of the vector list against BM25's (1) in hybrid fusion: what the embedder's ranking is
   * shown to be worth beside BM25's, so that a weak embedder cannot pull hybrid below BM25 (0: its
   * vectors only bring candidates BM25 did not find). This table is the one place these weights
   * live; the same fusion code serves every embedder.
   */
  fusionWeight: number
  /** Where the numbers come from, for people reading a response or a log. */
  basis: string
}

/** DESIGN.md / the spec: `similarity_threshold` defaults to 0.7. */
const SPEC_DEFAULT_THRESHOLD = 0.7

interface Family {
  /** Tested against the lowercased model name (the part after the last `/`). */
  pattern: RegExp
  calibration: EmbedderCalibration
}

/**
 * hash-v1 is measured (bench/retrieval over xquad-en, 632 questions, 119 chunks): cosines between a
 * question and passages of the 23 other articles, pure chance, have a median of 0.05, a 95th
 * percentile of 0.156 and a 99th of 0.20; the answering passage has a median of 0.29 but a 10th
 * percentile of 0.165. 0.15 keeps about nine in ten answering passages and one in twenty unrelated
 * ones. hash-v1 sees the words BM25 sees, blurred by hashing (plus word pieces, which forgive typos
 * and inflections), so its ranking is a second, weaker opinion on the same evidence.
 * Its fusion weight is 0: measured, its ranking adds nothing BM25 lacks once BM25 knows which
 * document a question names (`documentEvidence`), so its list only brings candidates where keywords
 * run out (relative score fusion: a list weighted 0 changes no score). Chosen on the financebench-dev
 * tuning half (bench/quality.ts: 38 long filings, the questions of 11 companies; the other 10
 * companies' are only reported) by the rule the benchmark holds hybrid to, hybrid not below BM25 on
 * any figure: page hit@5 / hit@10 / MRR@10 of BM25 alone 0.68 / 0.76 / 0.425 in one collection and
 * 0.76 / 0.84 / 0.445 scoped to each question's document; every weight from 0.002 to 1 lowered an
 * MRR@10 (0.002: scoped 0.425; 0.01 to 0.1: one collection 0.41, scoped 0.425 to 0.437; 0.3 and
 * more also hit@5), though 0.01 to 0.2 found one more question's page in the first five in one
 * collection. Among the 31,000 chunks of the 38 filings, the best chunk of a question's evidence page
 * has a median rank of 136 by cosine, and is in the first five for 11 of 58 questions: tables of
 * figures share few words with a question, and every filing shares its boilerplate. On xquad-en, searched with the articles' profiles as the API searches, recall@5 is
 * 0.998 at weights 0 to 0.3, and rewritten follow-ups (rewriteQuery.corpus.test.ts) find their answer
 * as often at 0 as at 0.1 (before document evidence, 0.1 was needed for them).
 *
 * The others are NOT measured here (no model downloads on these machines); they are reasoned from
 * what the model cards document about each family's cosine scale, and are the lower edge of where
 * related passages score, so they filter the clearly unrelated and little else. Semantic models
 * bring evidence BM25 lacks (synonyms, paraphrase), so their list counts as much as BM25's.
 * Re-measure with `npm run bench retrieval` once such a model is available, and adjust.
 * - bge v1.5 (BAAI): trained at temperature 0.01; v1.5 "alleviates" v1's compressed scale, with
 *   unrelated query-passage pairs mostly under 0.5.
 * - bge v1: the card puts nearly all cosines in [0.6, 1], so "above 0.5 does not mean similar".
 * - bge-m3 dense: a wider scale than v1.5, relevant passages from about 0.4.
 * - e5 and gte: also temperature 0.01; the e5 card says cosines "distribute around 0.7 to 1.0".
 * - sentence-transformers MiniLM and mpnet (all-*, paraphrase-*, multi-qa-*): trained with scale 20
 *   (temperature 0.05), so cosines spread over [0, 1]: unrelated pairs near 0.1, relevant passages
 *   often only 0.3 to 0.6; 0.7 would discard most of them.
 */
const FAMILIES: readonly Family[] = [
  {
    pattern: /^hash-v1$/u,
    calibration: {
      similarityThreshold: 0.15,
      fusionWeight: 0,
      basis: 'hash-v1, measured: threshold on xquad-en, fusion weight on the financebench-dev tuning half',
    },
  },
  {
    pattern: /^bge-m3/u,
    calibration: { similarityThreshold: 0.4, fusionWeight: 1, basis: 'bge-m3 family, from its model card' },
  },
  {
    pattern: /^bge-.*v1\.5/u,
    calibration: { similarityThreshold: 0.5, fusionWeight: 1, basis: 'bge v1.5 family, from its model card' },
  },
  {
    pattern: /^bge-/u,
    calibration: { similarityThreshold: 0.7, fusionWeight: 1, basis: 'bge v1 family, from its model card' },
  },
  {
    pattern: /(^|-)(e5|gte)-/u,
    calibration: { similarityThreshold: 0.75, fusionWeight: 1, basis: 'e5/gte family, from its model card' },
  },
  {
    pattern: /^(all|paraphrase|multi-qa)-.*(minilm|mpnet)|minilm/u,
    calibration: {
      similarityThreshold: 0.25,
      fusionWeight: 1,
      basis: 'sentence-transformers MiniLM/mpnet family, from its training scale',
    },
  },
]

const UNKNOWN: EmbedderCalibration = {
  similarityThreshold: SPEC_DEFAULT_THRESHOLD,
  fusionWeight: 1,
  basis: 'unknown embedder: the spec default',
}

/**
 * The calibration for vectors of `embedderId` (`hash-v1`, `Xenova/bge-small-en-v1.5`, ...). An
 * embedder nothing is known about keeps the spec's default threshold: it sits inside the range of
 * every family above, too strict for some (hybrid search then degrades to its keyword half, which
 * still answers) and lenient for others, and it is what the API documents. No embedder (a collection
 * without vectors) gets the same, though nothing will be compared with it.
 */
export function embedderCalibration(embedderId: string | null): EmbedderCalibration {
  if (!embedderId) return UNKNOWN
  const name = embedderId.toLowerCase().split('/').pop() ?? ''
  return FAMILIES.find(({ pattern }) => pattern.test(name))?.calibration ?? UNKNOWN
}
