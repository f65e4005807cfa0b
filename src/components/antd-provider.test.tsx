import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntdProvider } from './antd-provider.tsx';

function systemAsksForReducedMotion(reduce: boolean) {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...original(query), matches: reduce && query === '(prefers-reduced-motion: reduce)' }));
}

function MotionShown() {
  const { token } = theme.useToken();
  return <span>{token.motion ? '有动画' : '无动画'}</span>;
}

// antd's own motion switch (the token) is what turns off every popup's and dialog's animation.
describe('AntdProvider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps antd’s animations by default', () => {
    systemAsksForReducedMotion(false);
    render(<AntdProvider><MotionShown /></AntdProvider>);
    expect(screen.getByText('有动画')).toBeTruthy();
  });

  it('turns antd’s animations off when the system asks for reduced motion', () => {
    systemAsksForReducedMotion(true);
    render(<AntdProvider><MotionShown /></AntdProvider>);
    expect(screen.getByText('无动画')).toBeTruthy();
  });
});
