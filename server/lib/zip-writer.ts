import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/**
 * A zip written to a file as it is made (yazl: streaming, ZIP64 when it grows past 4 GB, nothing kept but the
 * entry being written). Each entry goes in only once the one before has left for the file, so at most one
 * entry's bytes are held however large the zip grows. Entries are stored, not deflated: the photos and PDFs an
 * archive holds are compressed already. Every entry's size and SHA-256, and the whole file's, are counted as
 * the bytes pass.
 */

export interface ZipEntryWritten {
  path: string;
  size: number;
  sha256: string;
}

/** Counts and hashes what passes through it. */
class Tally extends Transform {
  readonly hash: Hash = createHash('sha256');
  size = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk);
    this.size += chunk.length;
    done(null, chunk);
  }
}

export class ZipFileWriter {
  private readonly zip = new ZipFile();
  private readonly output = new Tally();
  private readonly written: Promise<void>;
  private readonly mtime = new Date();

  constructor(file: string) {
    this.written = pipeline(this.zip.outputStream, this.output, createWriteStream(file));
    // Awaited later (by finish, or by an entry racing it); handled now so a failure in between is not unhandled.
    this.written.catch(() => undefined);
    // A failure inside yazl has no other way out than its event.
    this.zip.on('error', (error: Error) => this.output.destroy(error));
  }

  /** Waits while what was handed to yazl has not yet left for the file. */
  private async drained() {
    const out = this.zip.outputStream as PassThrough;
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), this.written]);
  }

  async addBuffer(path: string, bytes: Buffer): Promise<ZipEntryWritten> {
    this.zip.addBuffer(bytes, path, { compress: false, mtime: this.mtime });
    await this.drained();
    return { path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** A file from disk, streamed in (a student's zip in a class's). */
  async addFile(path: string, file: string, size: number): Promise<ZipEntryWritten> {
    const tally = new Tally();
    this.zip.addReadStream(tally, path, { compress: false, mtime: this.mtime, size });
    await Promise.race([Promise.all([pipeline(createReadStream(file), tally), finished(tally)]), this.written]);
    await this.drained();
    return { path, size: tally.size, sha256: tally.hash.digest('hex') };
  }

  /** Ends the zip: the file's size and SHA-256 once it is all on disk. */
  async finish(): Promise<{ size: number; sha256: string }> {
    this.zip.end();
    await this.written;
    return { size: this.output.size, sha256: this.output.hash.digest('hex') };
  }

  /** Stops writing after a failure (the caller removes the file). */
  async abort(): Promise<void> {
    this.output.destroy();
    await this.written.catch(() => undefined);
  }
}
