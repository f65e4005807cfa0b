import { describe, expect, it } from 'vitest';
import { fittedSize, jpegName, preparePhoto } from './photo.ts';

describe('photos made small before they are queued', () => {
  it('fits the longest side into 1600 px and keeps the proportions; a small photo keeps its size', () => {
    expect(fittedSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fittedSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('names the redrawn photo as a JPEG', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('工位照片.png')).toBe('工位照片.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });

  it('keeps a PDF, a GIF and any file it cannot draw as they are', async () => {
    const pdf = new File(['%PDF-1.4'], '协议.pdf', { type: 'application/pdf' });
    const gif = new File(['GIF89a'], '动图.gif', { type: 'image/gif' });
    expect(await preparePhoto(pdf)).toBe(pdf);
    expect(await preparePhoto(gif)).toBe(gif);
  });
});
