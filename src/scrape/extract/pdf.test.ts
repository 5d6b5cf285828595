import { describe, expect, it } from 'vitest';
import { buildMinimalPdf } from '../../../tests/support/minimal-pdf.js';
import { ExtractionError } from './errors.js';
import { pdfToDocument } from './pdf.js';

describe('pdfToDocument', () => {
  it('reads the title, page count and text of every page in order', async () => {
    const bytes = buildMinimalPdf({
      title: 'Quarterly report',
      pages: [[{ text: 'First page body text.', size: 11, x: 72, y: 700 }], [{ text: 'Second page body text.', size: 11, x: 72, y: 700 }]],
    });
    const document = await pdfToDocument(bytes);
    expect(document.title).toBe('Quarterly report');
    expect(document.pages).toBe(2);
    expect(document.text).toBe('First page body text.\n\nSecond page body text.');
  });

  it('joins lines into paragraphs and splits paragraphs at larger vertical gaps', async () => {
    const bytes = buildMinimalPdf({
      pages: [
        [
          { text: 'The first paragraph starts here and', size: 11, x: 72, y: 700 },
          { text: 'continues on a second line.', size: 11, x: 72, y: 687 },
          { text: 'A second paragraph after a gap.', size: 11, x: 72, y: 650 },
          { text: 'It also has two lines.', size: 11, x: 72, y: 637 },
        ],
      ],
    });
    const document = await pdfToDocument(bytes);
    expect(document.text).toBe('The first paragraph starts here and continues on a second line.\n\nA second paragraph after a gap. It also has two lines.');
  });

  it('keeps short paragraphs apart even when the gaps between paragraphs outnumber those inside them', async () => {
    // Lines 13 pt apart inside a paragraph, 20 pt between paragraphs: four gaps of 20 against two of 13.
    const lines = ['One line.', 'A paragraph of', 'two lines.', 'Another line.', 'A second paragraph of', 'two lines.', 'A last line.'];
    const ys = [700, 680, 667, 647, 627, 614, 594];
    const bytes = buildMinimalPdf({ pages: [lines.map((text, i) => ({ text, size: 10, x: 72, y: ys[i] as number }))] });
    expect((await pdfToDocument(bytes)).text).toBe(
      'One line.\n\nA paragraph of two lines.\n\nAnother line.\n\nA second paragraph of two lines.\n\nA last line.',
    );
  });

  it('reads the author from the document information dictionary', async () => {
    const bytes = buildMinimalPdf({ author: 'Grace  Hopper ', pages: [[{ text: 'Hello.', size: 11, x: 72, y: 700 }]] });
    const document = await pdfToDocument(bytes);
    expect(document.author).toBe('Grace Hopper');
    expect(document.title).toBeUndefined();
  });

  it('turns larger type into Markdown headings, leaving the plain text free of syntax', async () => {
    const bytes = buildMinimalPdf({
      pages: [
        [
          { text: 'Annual Results', size: 24, x: 72, y: 720 },
          { text: 'Revenue grew in every region this year.', size: 11, x: 72, y: 690 },
          { text: 'Outlook', size: 15, x: 72, y: 660 },
          { text: 'We expect steady growth.', size: 11, x: 72, y: 640 },
        ],
      ],
    });
    const document = await pdfToDocument(bytes);
    expect(document.markdown).toBe('# Annual Results\n\nRevenue grew in every region this year.\n\n## Outlook\n\nWe expect steady growth.');
    expect(document.text).toBe('Annual Results\n\nRevenue grew in every region this year.\n\nOutlook\n\nWe expect steady growth.');
  });

  it('undoes end-of-line hyphenation inside a paragraph', async () => {
    const bytes = buildMinimalPdf({
      pages: [
        [
          { text: 'Extraction is a deli-', size: 11, x: 72, y: 700 },
          { text: 'cate business.', size: 11, x: 72, y: 687 },
        ],
      ],
    });
    expect((await pdfToDocument(bytes)).text).toBe('Extraction is a delicate business.');
  });

  it('rejects bytes that are not a PDF with a typed error', async () => {
    const failure = pdfToDocument(new TextEncoder().encode('<html>not a pdf</html>'));
    await expect(failure).rejects.toBeInstanceOf(ExtractionError);
    await expect(failure).rejects.toMatchObject({ code: 'invalid_pdf' });
  });

  it('leaves the caller’s buffer usable', async () => {
    const bytes = buildMinimalPdf({ pages: [[{ text: 'Hello.', size: 11, x: 72, y: 700 }]] });
    await pdfToDocument(bytes);
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect((await pdfToDocument(bytes)).text).toBe('Hello.');
  });
});
