import { createInflateRaw } from 'node:zlib';
import { MSG } from '@contract/messages.ts';
import { HEADER_SEARCH_ROWS, IMPORT_LIMITS, IMPORT_REFUSALS, workbookKind } from './excel.ts';
import { HttpError, badRequest } from './http.ts';

/*
 * A workbook checked before SheetJS reads it. A .xlsx is a zip: a small file may inflate to gigabytes, and SheetJS
 * inflates every part in memory, trusting the sizes the zip declares (a corrupt stream made it loop for minutes).
 * Here every part is inflated by node:zlib as a stream, off the event loop, and given up as soon as it passes the
 * size it declared or a limit: the parts' sizes, the sheets and the rows. A .xls (an OLE compound file) is not
 * compressed: its header is checked here, the rest is bounded by the reading worker's time and memory.
 */

const unreadable = () => badRequest(IMPORT_REFUSALS.unreadable);
const tooManyRows = () => badRequest(IMPORT_REFUSALS.rows);

/** Throws the refusal (HttpError) of a workbook that passes a limit or is not well formed. */
export async function checkWorkbook(content: Buffer): Promise<void> {
  const kind = workbookKind(content);
  if (!kind) throw badRequest(MSG.importFileType);
  try {
    if (kind === 'xls') checkCompoundFile(content);
    else await checkZip(content);
  } catch (error) {
    // A read past the end of the buffer: a header that points outside the file.
    throw error instanceof HttpError ? error : unreadable();
  }
}

/** A .xlsx holds a few dozen parts; more is not a workbook a person made. */
const MAX_PARTS = 1000;
const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** Encrypted entries, strong encryption, masked headers: SheetJS refuses them too. */
const ENCRYPTION_FLAGS = 0x2041;
const ZIP64_FIELD = 0x0001;

interface Part {
  name: string;
  method: number;
  /** Where its compressed bytes are. */
  start: number;
  compressedSize: number;
  size: number;
}

/** ZIP64 sizes of an extra field, read as SheetJS reads them (uncompressed, then compressed). */
function zip64Sizes(extra: Buffer): { size: number; compressedSize: number } | null {
  for (let at = 0; at + 4 <= extra.length; ) {
    const type = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (type === ZIP64_FIELD) {
      const field = extra.subarray(at + 4, at + 4 + length);
      return { size: Number(field.readBigUInt64LE(0)), compressedSize: Number(field.readBigUInt64LE(8)) };
    }
    at += 4 + length;
  }
  return null;
}

/** The parts as SheetJS finds them: the last end-of-directory record, its entries, each entry's local header. */
function zipParts(content: Buffer): Part[] {
  const end = content.lastIndexOf(END_OF_DIRECTORY);
  if (end < 0) throw unreadable();
  const count = content.readUInt16LE(end + 8);
  if (count === 0 || count > MAX_PARTS) throw unreadable();
  const parts: Part[] = [];
  for (let i = 0, at = content.readUInt32LE(end + 16); i < count; i++) {
    if (content.readUInt32LE(at) !== DIRECTORY_ENTRY) throw unreadable();
    const nameLength = content.readUInt16LE(at + 28);
    const extraLength = content.readUInt16LE(at + 30);
    const zip64 = zip64Sizes(content.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    const compressedSize = zip64?.compressedSize || content.readUInt32LE(at + 20);
    const size = zip64?.size || content.readUInt32LE(at + 24);
    const local = content.readUInt32LE(at + 42);
    at += 46 + nameLength + extraLength + content.readUInt16LE(at + 32);

    if (content.readUInt32LE(local) !== LOCAL_HEADER) throw unreadable();
    const flags = content.readUInt16LE(local + 6);
    const method = content.readUInt16LE(local + 8);
    if (flags & ENCRYPTION_FLAGS || (method !== STORED && method !== DEFLATED)) throw unreadable();
    const localName = content.readUInt16LE(local + 26);
    const localExtra = content.readUInt16LE(local + 28);
    const start = local + 30 + localName + localExtra;
    // Without a data descriptor (flag 8), SheetJS takes the local header's sizes: they must be the directory's.
    const localZip64 = zip64Sizes(content.subarray(local + 30 + localName, start));
    const hasDescriptor = (flags & 8) !== 0;
    if (!hasDescriptor && ((localZip64?.compressedSize || content.readUInt32LE(local + 18)) !== compressedSize || (localZip64?.size || content.readUInt32LE(local + 22)) !== size)) {
      throw unreadable();
    }
    if (start + compressedSize > content.length || (method === STORED && compressedSize !== size)) throw unreadable();
    parts.push({ name: content.toString('latin1', local + 30, local + 30 + localName), method, start, compressedSize, size });
  }
  return parts;
}

/** Opening tags of rows and of sheets (in the workbook part), with or without a namespace prefix (<x:row>). */
const ROW_TAG = /<(?:[A-Za-z_][\w.-]*:)?row[\s/>]/g;
const SHEET_TAG = /<(?:[A-Za-z_][\w.-]*:)?sheet[\s/>]/g;
/** An unfinished tag at a chunk's end is kept for the next chunk; a longer one is no tag we count. */
const TAG_CARRY = 64;

/** Counts tags in a part's text as it arrives in chunks, a tag split over two chunks once. */
class TagCounter {
  rows = 0;
  sheets = 0;
  private carry = '';

  add(chunk: Buffer) {
    if (this.carry === '' && chunk.indexOf(0x3c) < 0) return;
    const text = this.carry + chunk.toString('latin1');
    this.rows += text.match(ROW_TAG)?.length ?? 0;
    this.sheets += text.match(SHEET_TAG)?.length ?? 0;
    const open = text.lastIndexOf('<');
    const tail = open < 0 ? '' : text.slice(open);
    this.carry = tail.length < TAG_CARRY && tail.search(ROW_TAG) < 0 && tail.search(SHEET_TAG) < 0 ? tail : '';
  }
}

/** A sheet's rows: the data and, above it, the rows searched for the header (a title, notes). */
const MAX_SHEET_ROWS = IMPORT_LIMITS.rows + HEADER_SEARCH_ROWS;
const CHUNK = 64 * 1024;

/**
 * Inflates one part as a stream in zlib's thread pool, chunk by chunk, and stops as soon as it gives more than it
 * declared or a sheet passes the row limit. A stream that is cut short or corrupt is refused as zlib finds it.
 */
function inflatePart(content: Buffer, part: Part, counter: TagCounter | null): Promise<void> {
  const data = content.subarray(part.start, part.start + part.compressedSize);
  if (part.method === STORED) {
    for (let at = 0; at < data.length; at += CHUNK) counter?.add(data.subarray(at, at + CHUNK));
    if (counter && counter.rows > MAX_SHEET_ROWS) return Promise.reject(tooManyRows());
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: CHUNK });
    let inflated = 0;
    const stop = (error: HttpError) => {
      inflater.destroy();
      reject(error);
    };
    inflater.on('data', (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated > part.size) return stop(unreadable());
      counter?.add(chunk);
      if (counter && counter.rows > MAX_SHEET_ROWS) stop(tooManyRows());
    });
    inflater.on('error', () => stop(unreadable()));
    inflater.on('end', () => (inflated === part.size ? resolve() : reject(unreadable())));
    inflater.end(data);
  });
}

async function checkZip(content: Buffer): Promise<void> {
  const parts = zipParts(content);
  // The declared sizes first: an honest bomb is refused without inflating a byte; a lying one when it passes them.
  if (parts.reduce((sum, part) => sum + part.size, 0) > IMPORT_LIMITS.inflatedBytes) throw badRequest(IMPORT_REFUSALS.inflated);
  let sheets = 0;
  for (const part of parts) {
    const counter = /\.(xml|rels)$/i.test(part.name) ? new TagCounter() : null;
    await inflatePart(content, part, counter);
    sheets += counter?.sheets ?? 0;
    if (sheets > IMPORT_LIMITS.sheets) throw badRequest(IMPORT_REFUSALS.sheets);
  }
  // No <sheet> anywhere: not a workbook SheetJS reads as .xlsx (a renamed .xlsb or .ods, whose rows go uncounted).
  if (sheets === 0) throw unreadable();
}

const OLE_HEADER = 512;

/** A .xls: its header's sector size and table counts must fit the file (a .xls is at most IMPORT_MAX_BYTES, uncompressed). */
function checkCompoundFile(content: Buffer): void {
  if (content.length < OLE_HEADER || content.readUInt16LE(0x1c) !== 0xfffe) throw unreadable();
  const sectorShift = content.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) throw unreadable();
  const sectorSize = 2 ** sectorShift;
  const fatSectors = content.readUInt32LE(0x2c);
  const difatSectors = content.readUInt32LE(0x48);
  if ((fatSectors + difatSectors) * sectorSize > content.length) throw unreadable();
}
