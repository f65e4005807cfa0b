import { crc32, deflateRawSync } from 'node:zlib';

/*
 * Hostile .xlsx files written byte by byte: a zip of the few parts a workbook needs, whose sizes and data a test can
 * make lie, cut short or inflate to far more than the file.
 */

export interface ZipPart {
  name: string;
  /** The part's text or bytes, deflated unless stored is set. */
  content: string | Buffer;
  stored?: boolean;
  /** The compressed bytes as given (e.g. cut short), instead of the content's deflated. */
  compressed?: Buffer;
  /** The uncompressed size the headers declare, instead of the content's. */
  declaredSize?: number;
}

/** A zip as Excel writes one: local headers and data, the central directory, its end record. */
export function zip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const content = typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : part.content;
    const data = part.compressed ?? (part.stored ? content : deflateRawSync(content, { level: 9 }));
    const size = part.declaredSize ?? content.length;
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0x0800, at + 2); // UTF-8 names
      header.writeUInt16LE(part.stored ? 0 : 8, at + 4);
      header.writeUInt32LE(0x00210000, at + 6); // 1980-01-01 00:00
      header.writeUInt32LE(crc32(content), at + 10);
      header.writeUInt32LE(data.length, at + 14);
      header.writeUInt32LE(size, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // version made by
    fields(entry, 6);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const central = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, central, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts around the sheets: content types, relationships, the workbook naming sheetCount sheets. */
function frame(sheetCount: number): ZipPart[] {
  const sheets = Array.from({ length: sheetCount }, (_, i) => i + 1);
  return [
    {
      name: '[Content_Types].xml',
      content:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        sheets.map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
        `</Types>`,
    },
    { name: '_rels/.rels', content: `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    {
      name: 'xl/workbook.xml',
      content: `<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets>${sheets.map((i) => `<sheet name="Sheet${i}" sheetId="${i}" r:id="rId${i}"/>`).join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<Relationships xmlns="${RELS}">${sheets.map((i) => `<Relationship Id="rId${i}" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('')}</Relationships>`,
    },
  ];
}

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const sheetXml = (rows: string) => `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

/** A sheet part of these rows of text cells. */
export const textSheet = (rows: readonly (readonly string[])[]) =>
  sheetXml(rows.map((cells, r) => `<row r="${r + 1}">${cells.map((text, c) => cell(`${String.fromCharCode(65 + c)}${r + 1}`, text)).join('')}</row>`).join(''));

/** A workbook of one sheet (or sheetCount copies) with these rows of text, as a school's file with a header row. */
export function workbook(rows: readonly (readonly string[])[], { sheetCount = 1 }: { sheetCount?: number } = {}): Buffer {
  const xml = textSheet(rows);
  return zip([...frame(sheetCount), ...Array.from({ length: sheetCount }, (_, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, content: xml }))]);
}

/** The sheet of a zip bomb: rows of one short cell each, the same bytes again and again (60 MB at a million rows). */
export function bombSheet(rows: number): Buffer {
  return Buffer.from(sheetXml('<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(rows)), 'latin1');
}

/** A workbook around a given sheet part (its bytes, and how its headers lie about them). */
export function workbookWithSheet(sheet: Omit<ZipPart, 'name'>, extra: readonly ZipPart[] = []): Buffer {
  return zip([...frame(1), { name: 'xl/worksheets/sheet1.xml', ...sheet }, ...extra]);
}

/**
 * A sheet that passes every limit yet takes SheetJS many seconds: 20,000 rows of `columns` numbers each (30 MB of
 * XML at 100 columns, a few hundred KB deflated).
 */
export function slowWorkbook(columns = 100): Buffer {
  const row = `<row>${'<c><v>1</v></c>'.repeat(columns)}</row>`;
  return workbookWithSheet({ content: Buffer.from(sheetXml(row.repeat(20_000)), 'utf8') });
}
