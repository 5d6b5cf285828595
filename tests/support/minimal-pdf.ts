/**
 * Writes small, valid PDF files by hand (Helvetica text only) so PDF tests need no binary
 * fixtures: every object, the cross-reference table and the trailer are generated here.
 */
export interface PdfTextLine {
  text: string;
  /** Font size in points. */
  size: number;
  /** Baseline position from the bottom-left corner of a 612×792 page. */
  x: number;
  y: number;
}

export interface MinimalPdfOptions {
  pages: PdfTextLine[][];
  title?: string;
  author?: string;
}

function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

function contentStream(lines: PdfTextLine[]): string {
  return lines.map((line) => `BT /F1 ${line.size} Tf ${line.x} ${line.y} Td (${escapePdfString(line.text)}) Tj ET`).join('\n');
}

export function buildMinimalPdf(options: MinimalPdfOptions): Uint8Array {
  const objects: string[] = [];
  const add = (body: string): number => {
    objects.push(body);
    return objects.length;
  };
  const catalogId = add('');
  const pagesId = add('');
  const fontId = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const pageIds: number[] = [];
  for (const lines of options.pages) {
    const stream = contentStream(lines);
    const contentId = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    pageIds.push(
      add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${contentId} 0 R >>`),
    );
  }
  objects[catalogId - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  const info = [
    ...(options.title === undefined ? [] : [`/Title (${escapePdfString(options.title)})`]),
    ...(options.author === undefined ? [] : [`/Author (${escapePdfString(options.author)})`]),
  ];
  const infoId = info.length === 0 ? undefined : add(`<< ${info.join(' ')} >>`);

  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalogId} 0 R${infoId === undefined ? '' : ` /Info ${infoId} 0 R`} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}
