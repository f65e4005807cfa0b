import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '@/hooks/use-device.ts';
import { devicePage } from './device-page.tsx';

/** A window whose width the test sets: the device's media queries answer by it and hear it change. */
let width = 1440;
const listeners = new Set<() => void>();
beforeAll(() => {
  window.matchMedia = ((query: string) => {
    const max = Number(/max-width: ([\d.]+)px/.exec(query)?.[1] ?? Infinity);
    const min = Number(/min-width: ([\d.]+)px/.exec(query)?.[1] ?? 0);
    return {
      get matches() {
        return width >= min && width <= max;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
  }) as unknown as typeof window.matchMedia;
});
const resize = (to: number) =>
  act(() => {
    width = to;
    listeners.forEach((listener) => listener());
  });

interface CounterProps {
  count: number;
  add: () => void;
  device: Device;
}
function useCounterPage(device: Device): CounterProps {
  const [count, setCount] = useState(0);
  return { count, add: () => setCount((n) => n + 1), device };
}
const rendering = (name: string) =>
  function Rendering({ count, add, device }: CounterProps) {
    return (
      <button type="button" onClick={add}>
        {name}：{count}（{device}）
      </button>
    );
  };

describe('devicePage', () => {
  it('shows the desktop rendering on desktop and tablet and the phone one on a phone, keeping the hook’s state across a switch', async () => {
    const Page = devicePage({
      desktop: async () => ({ default: rendering('桌面') }),
      phone: async () => ({ default: rendering('手机') }),
      shared: async () => useCounterPage,
    });
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '桌面：0（desktop）' }));
    fireEvent.click(screen.getByRole('button', { name: '桌面：1（desktop）' }));

    resize(390);
    expect(await screen.findByRole('button', { name: '手机：2（phone）' })).toBeTruthy();
    resize(900);
    expect(await screen.findByRole('button', { name: '桌面：2（tablet）' })).toBeTruthy();
  });

  it('renders a page without a hook of its own', async () => {
    resize(390);
    const Page = devicePage({ desktop: async () => ({ default: () => <p>桌面列表</p> }), phone: async () => ({ default: () => <p>手机列表</p> }) });
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('手机列表')).toBeTruthy();
    expect(screen.queryByText('桌面列表')).toBeNull();
  });

  it('hands the props the page is rendered with to its hook', async () => {
    resize(1440);
    const Dialog = devicePage({
      desktop: async () => ({ default: ({ greeting }: { greeting: string }) => <p>桌面：{greeting}</p> }),
      phone: async () => ({ default: ({ greeting }: { greeting: string }) => <p>手机：{greeting}</p> }),
      shared: async () => (_device: Device, { name }: { name: string }) => ({ greeting: `你好，${name}` }),
    });
    render(
      <Suspense fallback={null}>
        <Dialog name="李明" />
      </Suspense>,
    );
    expect(await screen.findByText('桌面：你好，李明')).toBeTruthy();
  });
});
