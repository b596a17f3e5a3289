/**
 * The slice of pdf.js (`pdfjs-dist`) that the PDF parser uses, as a structural type. web/core may not import
 * pdf.js itself (it picks a build per host: the legacy build in Node, the worker-backed one in browsers), so
 * each host passes its module in through `createPdfParser(loadPdfJs)` and the type checker proves there that
 * the module fits this shape.
 */

/** The `getDocument` options the parser sets (see `openPdf.ts` for why each one). */
export interface PdfJsDocumentParams {
  data: Uint8Array
  password?: string
  isEvalSupported: boolean
  disableFontFace: boolean
  useSystemFonts: boolean
  stopAtErrors: boolean
  verbosity: number
  /** False: images come back as pixels (for OCR), not as ImageBitmaps. */
  isOffscreenCanvasSupported?: boolean
  /**
   * The class pdf.js makes every canvas with, the page's and its scratch ones (masks, patterns, groups):
   * `new CanvasFactory({ownerDocument, enableHWA})`. Unset, pdf.js picks its host's own (in Node its
   * NodeCanvasFactory over @napi-rs/canvas; in a browser one that needs a DOM `document`).
   */
  CanvasFactory?: PdfJsCanvasFactoryClass
  /**
   * The class pdf.js makes the filters of transfer functions and soft masks with. Unset, pdf.js picks its
   * host's own (in Node one that draws without them; in a browser one that builds SVG in a DOM document).
   */
  FilterFactory?: PdfJsFilterFactoryClass
}

/** pdf.js's filter factory protocol (`BaseFilterFactory`): each `add...` answers a CSS filter, or "none". */
export interface PdfJsFilterFactory {
  addFilter(maps: unknown): string
  addHCMFilter(foreground: unknown, background: unknown): string
  addAlphaFilter(map: unknown): string
  addLuminosityFilter(map: unknown): string
  addHighlightHCMFilter(
    name: string,
    foreground: unknown,
    background: unknown,
    newForeground: unknown,
    newBackground: unknown,
  ): string
  destroy(keepHCM?: boolean): void
}

export type PdfJsFilterFactoryClass = new (options: { docId?: string }) => PdfJsFilterFactory

/** The factories a host opens PDFs with so pdf.js can draw pages there (unset: pdf.js's defaults). */
export interface PdfJsDrawing {
  CanvasFactory?: PdfJsCanvasFactoryClass
  FilterFactory?: PdfJsFilterFactoryClass
}

/** The 2D context calls the OCR renderer makes itself (pdf.js makes the others). */
export interface PdfJsCanvasContext {
  getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray }
}

/** A canvas and its 2D context, as pdf.js's canvas factories hand them out (both null once destroyed). */
export interface PdfJsCanvasAndContext {
  canvas: unknown
  context: PdfJsCanvasContext | null
}

/** pdf.js's canvas factory protocol (`BaseCanvasFactory`), which `CanvasFactory` classes implement. */
export interface PdfJsCanvasFactory {
  create(width: number, height: number): PdfJsCanvasAndContext
  reset(canvasAndContext: PdfJsCanvasAndContext, width: number, height: number): void
  destroy(canvasAndContext: PdfJsCanvasAndContext): void
}

export type PdfJsCanvasFactoryClass = new (options: { enableHWA?: boolean }) => PdfJsCanvasFactory

/** A decoded image as `page.objs.get(id)` gives it when isOffscreenCanvasSupported is false. */
export interface PdfJsImage {
  width: number
  height: number
  /** 1: 1 bit grey, rows padded to whole bytes; 2: RGB; 3: RGBA. */
  kind?: number
  data?: Uint8Array | Uint8ClampedArray
  /** Where pdf.js decoded the image to a bitmap instead (browsers). */
  bitmap?: ImageBitmap
}

/** Where a page's decoded objects (images) are kept once its operator list is built. */
export interface PdfJsObjects {
  get(id: string, callback: (value: unknown) => void): unknown
}

/** A run of text as `page.getTextContent()` reports it. */
export interface PdfJsTextItem {
  str: string
  /** 'ltr', 'rtl' or 'ttb'. For 'rtl', `str` is already in logical order. */
  dir: string
  /** Text space to user space: [a, b, c, d, e, f]; (e, f) is the start of the baseline. */
  transform: number[]
  /** Advance width along the baseline, in user space units. */
  width: number
  height: number
  fontName: string
  /** pdf.js thinks a line break follows this item. */
  hasEOL: boolean
}

/** Marked-content markers; only present with `includeMarkedContent`, which the parser leaves off. */
export interface PdfJsMarkedContent {
  type: string
}

export interface PdfJsTextContent {
  items: Array<PdfJsTextItem | PdfJsMarkedContent>
}

export interface PdfJsViewport {
  /** User space to display space (y grows downwards, page rotation applied). */
  transform: number[]
  /** The page's size in display space at the viewport's scale, rotation applied. */
  width: number
  height: number
}

/** A page being drawn; `cancel` stops it (its promise then rejects). */
export interface PdfJsRenderTask {
  promise: Promise<void>
  cancel(): void
}

export interface PdfJsPage {
  /**
   * The viewport at a scale; `rotation` defaults to the page's own (`/Rotate`), which the text layer
   * and the OCR rendering both honour.
   */
  getViewport(params: { scale: number; rotation?: number }): PdfJsViewport
  /** The page's `/Rotate`, in degrees clockwise: 0, 90, 180 or 270. */
  rotate: number
  /** Draws the page into a canvas from the document's canvas factory (the OCR renderer's way in). */
  render?(params: { canvas: unknown; canvasContext?: unknown; viewport: PdfJsViewport }): PdfJsRenderTask
  getTextContent(params?: { includeMarkedContent?: boolean }): Promise<PdfJsTextContent>
  /** Frees the page's parsed resources; the parser reads each page once. */
  cleanup(): unknown
  /** The page's drawing operations; used to find a scan's image for OCR (ocr/pdfPageImage). */
  getOperatorList?(): Promise<{ fnArray: number[]; argsArray: unknown[][] }>
  objs?: PdfJsObjects
  commonObjs?: PdfJsObjects
}

export interface PdfJsMetadata {
  get(name: string): unknown
}

export interface PdfJsDocument {
  numPages: number
  /**
   * The document's canvas factory (an instance of `CanvasFactory`, or pdf.js's default for the host).
   * pdf.js types it as `Object`; `renderPdfPage` checks its shape before use.
   */
  canvasFactory?: unknown
  getPage(pageNumber: number): Promise<PdfJsPage>
  /** `info` is the document information dictionary (Title, Author...), `metadata` the XMP packet if any. */
  getMetadata(): Promise<{ info: object; metadata: PdfJsMetadata | null }>
}

export interface PdfJsLoadingTask {
  promise: Promise<PdfJsDocument>
  /** Stops loading and tears down the document and its (fake) worker; safe to call more than once. */
  destroy(): Promise<void>
}

export interface PdfJsLike {
  getDocument(params: PdfJsDocumentParams): PdfJsLoadingTask
  /** Codes carried by a `PasswordException`; older or stripped builds may lack the export. */
  PasswordResponses?: { readonly NEED_PASSWORD: number; readonly INCORRECT_PASSWORD: number }
  /** Operator codes, to find image drawing operations. */
  OPS?: { readonly paintImageXObject: number; readonly paintInlineImageXObject: number }
}
