/** The extensions an upload may have, for validation and for error messages ("supported types are ..."). */
export const SUPPORTED_EXTENSIONS: readonly string[] = [
  '.pdf',
  '.docx',
  '.doc',
  '.pptx',
  '.ppt',
  '.md',
  '.markdown',
  '.html',
  '.htm',
  '.xhtml',
  '.txt',
]
