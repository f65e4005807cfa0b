import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOnWhite } from './readable-color.ts';

describe('readableOnWhite', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The school blue Lighthouse found too pale for white text.
    expect(contrastRatio('#3F7ADB', '#ffffff')).toBeCloseTo(4.18, 2);
  });

  it('darkens the school blue just enough to read on white and on the pale grey of a hovered row', () => {
    const blue = readableOnWhite('#3F7ADB');
    expect(blue).toBe('#376BC1');
    expect(contrastRatio(blue, '#ffffff')).toBeGreaterThanOrEqual(5.2);
    expect(contrastRatio(blue, '#fafafa')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(blue, '#e6f4ff')).toBeGreaterThanOrEqual(4.5);
  });

  it('makes every preset readable and keeps the ones that already are', () => {
    // The theme drawer's presets (settings-store.ts).
    for (const color of ['#3F7ADB', '#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1']) expect(contrastRatio(readableOnWhite(color), '#ffffff')).toBeGreaterThanOrEqual(5.2);
    expect(readableOnWhite('#2F54EB')).toBe('#2F54EB');
    expect(readableOnWhite('#722ED1')).toBe('#722ED1');
    expect(readableOnWhite('#52C41A')).toBe('#347B10');
  });

  it('leaves what is not a #rrggbb colour as it is', () => {
    expect(readableOnWhite('red')).toBe('red');
  });
});
