import { newUuid } from '@/lib/uuid.ts';
import type { OutboxFile } from './db.ts';

/**
 * A picked file as the device keeps it (drafts, outbox): its bytes, never the File itself, because
 * WebKit (every iPhone browser) refuses to store a Blob in IndexedDB in a private session.
 */
export async function keptFile(file: File): Promise<OutboxFile> {
  return { id: newUuid(), name: file.name, type: file.type, bytes: await file.arrayBuffer() };
}

/** The kept file as a Blob, to send or to show. Entries queued by earlier versions of the app hold a Blob. */
export function blobOf(file: OutboxFile): Blob {
  const legacy = (file as { blob?: Blob }).blob;
  return legacy ?? new Blob([file.bytes], { type: file.type });
}

/** One preview URL per kept file, by its id (a draft read again from the device has new objects). */
const previews = new Map<string, string>();
export function previewUrl(file: OutboxFile): string {
  let url = previews.get(file.id);
  if (!url) {
    url = URL.createObjectURL(blobOf(file));
    previews.set(file.id, url);
  }
  return url;
}

/** Lets go of the previews of files removed, queued or left behind when their editor closes. */
export function forgetPreviews(files: readonly OutboxFile[]) {
  for (const file of files) {
    const url = previews.get(file.id);
    if (url) URL.revokeObjectURL(url);
    previews.delete(file.id);
  }
}
