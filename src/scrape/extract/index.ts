export { mainContentHtml, wholePageMarkdown } from './content-html.js';
export { decodeHtmlBytes } from './decode.js';
export { ExtractionError, type ExtractionErrorCode } from './errors.js';
export { extractPage, type ExtractOptions } from './extract-page.js';
export { toJsonFormat, type ScrapeJson } from './json-format.js';
export { readPage, type MetaTag, type PageFacts, type VideoElement } from './page-facts.js';
export { pdfToDocument, type PdfDocument } from './pdf.js';
export { markdownTextDocument, plainTextDocument, type PlainTextDocument } from './plain-text.js';
export type { ExtractedImage, ExtractedLink, ExtractedPage, JsonObject, JsonValue, MicrodataItem, StructuredData } from './types.js';
