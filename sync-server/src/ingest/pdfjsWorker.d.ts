// pdf.js ships no types for its worker's half; nodePdfjs imports it only for its effect (it sets
// `globalThis.pdfjsWorker`), so nothing of it is typed.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs'
