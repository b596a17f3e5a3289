/** The extensions of the text kinds (Markdown, HTML, plain text). */
export const TEXT_EXTENSIONS: readonly string[] = ['.md', '.markdown', '.html', '.htm', '.xhtml', '.txt']

/** The extensions of the images read by OCR. */
export const IMAGE_EXTENSIONS: readonly string[] = ['.png', '.jpg', '.jpeg', '.webp', '.tif', '.tiff']

/** The extensions an upload may have, for validation and for error messages ("supported types are ..."). */
export const SUPPORTED_EXTENSIONS: readonly string[] = [
  '.pdf',
  '.docx',
  '.doc',
  '.pptx',
  '.ppt',
  ...TEXT_EXTENSIONS,
  ...IMAGE_EXTENSIONS,
]
