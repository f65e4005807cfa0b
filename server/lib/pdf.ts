import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { DOCUMENT_KINDS, DOCUMENT_MSG, formatVerifyCode, type DocumentKind } from '@contract/documents.ts';
import { HttpError } from './http.ts';

/**
 * The server's printed documents (issue 36), laid out with pdfkit on A4 in Noto Sans CJK (Debian's fonts-noto-cjk,
 * embedded as a subset of the characters used): a title, tables of labelled cells, signature and stamp boxes, and
 * on every page the school, the kind, the time made, the verification code and the page number.
 */

/** Where Debian puts the fonts; PDF_FONT_DIR may point elsewhere (the Regular and Bold collections of Noto Sans CJK). */
const FONT_DIR = process.env.PDF_FONT_DIR ?? '/usr/share/fonts/opentype/noto';
const FONTS = { regular: ['NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'], bold: ['NotoSansCJK-Bold.ttc', 'NotoSansCJKsc-Bold'] } as const;
type FontName = keyof typeof FONTS;

let fonts: Record<FontName, Font> | undefined;
/**
 * Read and parsed once (about 20 MB each) and kept: every document lays out and subsets with the same parsed fonts.
 * Parsing them anew per document cost 60–140 ms and most of the garbage of a batch of documents (a class's archive).
 */
function fontFiles(): Record<FontName, Font> {
  if (fonts) return fonts;
  const files = Object.fromEntries(Object.entries(FONTS).map(([name, [file]]) => [name, path.join(FONT_DIR, file)])) as Record<FontName, string>;
  if (!Object.values(files).every((file) => existsSync(file))) throw new HttpError(500, DOCUMENT_MSG.noFont);
  const parse = (name: FontName) => fontkit.create(readFileSync(files[name]), FONTS[name][1]) as Font;
  fonts = { regular: parse('regular'), bold: parse('bold') };
  return fonts;
}

export interface PdfMeta {
  kind: DocumentKind;
  school: string;
  /** The verification code issued for it (contract/documents.ts). */
  code: string;
  issuedAt: Date;
}

/** A page's printable width and its left edge. */
const MARGIN = 50;
const FOOTER_SIZE = 8;

/** 2026-12-07 18:05 by the school's clock (UTC+8). */
export const schoolTime = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export interface Pdf {
  doc: PDFKit.PDFDocument;
  /** The printable width between the margins. */
  width: number;
  /** Ends the document: each page gets its footer; the bytes and the page count. */
  finish(): Promise<{ bytes: Buffer; pages: number }>;
}

export function openPdf(meta: PdfMeta, title: string): Pdf {
  const { regular, bold } = fontFiles();
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: title, Author: meta.school, Creator: '实习实训管理服务平台', CreationDate: meta.issuedAt } });
  // pdfkit takes a parsed fontkit font as it takes a file (its types name only files).
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);
  doc.font('regular');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  return {
    doc,
    width,
    async finish() {
      const { start, count } = doc.bufferedPageRange();
      for (let i = start; i < start + count; i++) {
        doc.switchToPage(i);
        // The footer sits in the bottom margin: keep pdfkit from starting a page for it.
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        const line = `${meta.school} · ${DOCUMENT_KINDS[meta.kind]} · 生成于 ${schoolTime(meta.issuedAt)} · 核验码 ${formatVerifyCode(meta.code)}（平台“文件核验”可查） · 第 ${i - start + 1}/${count} 页`;
        doc.font('regular').fontSize(FOOTER_SIZE).fillColor('#555').text(line, MARGIN, doc.page.height - MARGIN + 16, { width, align: 'center', lineBreak: false });
        doc.page.margins.bottom = bottom;
      }
      doc.end();
      return { bytes: await ended, pages: count };
    },
  };
}

export function heading(pdf: Pdf, text: string, sub?: string) {
  const { doc } = pdf;
  doc.font('bold').fontSize(18).fillColor('#000').text(text, MARGIN, doc.y, { width: pdf.width, align: 'center' });
  if (sub) doc.font('regular').fontSize(10).fillColor('#333').text(sub, { width: pdf.width, align: 'center' });
  doc.moveDown(0.6);
}

/** A cell of a table: a label (shaded, bold) or a value, spanning a share of the row's width. */
export interface Cell {
  text: string;
  /** Shares of the row (the row's shares are summed). */
  span?: number;
  label?: boolean;
  /** The least height of the cell in points (a comment box). */
  minHeight?: number;
}

const CELL_PAD = 5;
const CELL_SIZE = 10;

/** Rows of bordered cells, each row as tall as its tallest cell; a row that would not fit starts a new page. */
export function table(pdf: Pdf, rows: Cell[][], { size = CELL_SIZE, pad = CELL_PAD }: { size?: number; pad?: number } = {}) {
  const { doc } = pdf;
  for (const row of rows) {
    const shares = row.reduce((sum, c) => sum + (c.span ?? 1), 0);
    const widths = row.map((c) => (pdf.width * (c.span ?? 1)) / shares);
    const height = Math.max(
      ...row.map((c, i) => {
        doc.font(c.label ? 'bold' : 'regular').fontSize(size);
        return Math.max(c.minHeight ?? 0, doc.heightOfString(c.text || ' ', { width: widths[i]! - 2 * pad }) + 2 * pad);
      }),
    );
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    let x = MARGIN;
    row.forEach((cell, i) => {
      const w = widths[i]!;
      if (cell.label) doc.rect(x, top, w, height).fillColor('#f2f2f2').fill();
      doc.rect(x, top, w, height).lineWidth(0.6).strokeColor('#000').stroke();
      doc.font(cell.label ? 'bold' : 'regular').fontSize(size).fillColor('#000').text(cell.text, x + pad, top + pad, { width: w - 2 * pad });
      x += w;
    });
    doc.x = MARGIN;
    doc.y = top + height;
  }
}

/** Boxes side by side for a signature or a stamp, each with its name and a date line. */
export function signatureBoxes(pdf: Pdf, names: readonly string[], height = 80) {
  const { doc } = pdf;
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y;
  const w = pdf.width / names.length;
  names.forEach((name, i) => {
    const x = MARGIN + i * w;
    doc.rect(x, top, w, height).lineWidth(0.6).strokeColor('#000').stroke();
    doc.font('bold').fontSize(CELL_SIZE).fillColor('#000').text(name, x + CELL_PAD, top + CELL_PAD, { width: w - 2 * CELL_PAD });
    doc.font('regular').fontSize(9).text('年    月    日', x + CELL_PAD, top + height - 18, { width: w - 2 * CELL_PAD, align: 'right' });
  });
  doc.x = MARGIN;
  doc.y = top + height;
}
