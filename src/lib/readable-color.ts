/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(n >> 16) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG 2 contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * WCAG AA asks 4.5:1 for text; 5.2 against white keeps 4.5 on the pale greys and tints behind hovered
 * and selected rows and entries (#fafafa, #e6f4ff).
 */
const TARGET = 5.2;

/**
 * The chosen theme colour as the screens use it: itself when white text on it (and it as text on white
 * or a pale background) reads at WCAG AA, else the same hue darkened just enough. Buttons, links and
 * the selected menu entry take this colour, so a light preset (日暮, 极光绿) or the school blue stays
 * readable.
 */
export function readableOnWhite(hex: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex) || contrastRatio(hex, '#ffffff') >= TARGET) return hex;
  const n = Number.parseInt(hex.slice(1), 16);
  const rgb = [n >> 16, (n >> 8) & 255, n & 255];
  for (let keep = 0.99; keep > 0; keep -= 0.01) {
    const darker = `#${rgb.map((c) => Math.round(c * keep).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
    if (contrastRatio(darker, '#ffffff') >= TARGET) return darker;
  }
  return '#000000';
}
