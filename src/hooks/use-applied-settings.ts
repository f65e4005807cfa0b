import { useEffect } from 'react';
import { useSettings } from '@/lib/settings-store.ts';

/**
 * Applies the settings that reach beyond the antd tree: colour-weak mode on the whole page and the
 * primary colour for antd-mobile (which reads a CSS variable) and plain elements.
 */
export function useAppliedSettings() {
  const { colorWeak, primaryColor } = useSettings();
  useEffect(() => {
    document.documentElement.classList.toggle('color-weak', colorWeak);
  }, [colorWeak]);
  useEffect(() => {
    document.body.style.setProperty('--adm-color-primary', primaryColor);
  }, [primaryColor]);
}
