import { useEffect } from 'react';
import { readableOnWhite } from '@/lib/readable-color.ts';
import { useSettings } from '@/lib/settings-store.ts';

/**
 * Applies the settings that reach beyond the antd tree: colour-weak mode on the whole page and the
 * primary colour for antd-mobile (which reads a CSS variable) and plain elements, darkened where
 * white text on it would not read.
 */
export function useAppliedSettings() {
  const { colorWeak, primaryColor } = useSettings();
  useEffect(() => {
    document.documentElement.classList.toggle('color-weak', colorWeak);
  }, [colorWeak]);
  useEffect(() => {
    document.body.style.setProperty('--adm-color-primary', readableOnWhite(primaryColor));
  }, [primaryColor]);
}
