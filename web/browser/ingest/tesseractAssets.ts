/**
 * Where the app serves tesseract.js's files, relative to its base: the worker script, the LSTM-only
 * WASM cores (plain, SIMD, relaxed SIMD: tesseract.js picks one per browser) and `lang/<code>.traineddata.gz`.
 * The version is in the path, so the service worker can cache them first-use and forever: an upgrade
 * changes the path. vite.config.ts emits the files (TESSERACT_ASSET_FILES) from node_modules.
 */
export const TESSERACT_VERSION = '7.0.0'
export const TESSERACT_ASSET_DIR = `tesseract/${TESSERACT_VERSION}`

/** Output name (under TESSERACT_ASSET_DIR) -> the package file it is copied from. */
export const TESSERACT_ASSET_FILES: Readonly<Record<string, string>> = {
  'worker.min.js': 'tesseract.js/dist/worker.min.js',
  'tesseract-core-lstm.wasm.js': 'tesseract.js-core/tesseract-core-lstm.wasm.js',
  'tesseract-core-simd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js',
  'tesseract-core-relaxedsimd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-relaxedsimd-lstm.wasm.js',
  'lang/eng.traineddata.gz': '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
  'lang/fra.traineddata.gz': '@tesseract.js-data/fra/4.0.0_best_int/fra.traineddata.gz',
}
