/**
 * Photos are made small on the device before they wait in the outbox: a phone's 4 MB photo leaves as a
 * few hundred KB, so a record on spotty Wi-Fi gets through. Other files are kept as they are.
 */

/** The longest side a photo is sent with (px). */
export const PHOTO_LONGEST_SIDE = 1600;
/** The largest photo taken from the camera or the gallery, before it is made smaller. */
export const PHOTO_ORIGINAL_MAX_BYTES = 30 * 1024 * 1024;
export const PHOTO_ORIGINAL_TOO_LARGE = '照片不能超过30MB';
const JPEG_QUALITY = 0.82;
/** Formats a browser can draw and that lose nothing worth keeping when re-encoded (a GIF may move). */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/bmp']);

/** The size a photo is drawn at: its longest side at most PHOTO_LONGEST_SIDE, its proportions kept. */
export function fittedSize(width: number, height: number, longest = PHOTO_LONGEST_SIDE): { width: number; height: number } {
  const scale = Math.min(1, longest / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** photo.png → photo.jpg */
export const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;

function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * The file to queue for a picked one: a photo redrawn as a JPEG of at most PHOTO_LONGEST_SIDE, the way the
 * phone shows it (its orientation applied); the file itself when it is no photo, a format the browser cannot
 * draw (HEIC), or already smaller than the redrawn copy would be.
 */
export async function preparePhoto(file: File): Promise<File> {
  if (!RESIZABLE.has(file.type) || typeof createImageBitmap === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const { width, height } = fittedSize(bitmap.width, bitmap.height);
    const blob = await encode(bitmap, width, height);
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
