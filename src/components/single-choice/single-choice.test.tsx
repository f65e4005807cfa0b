import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SingleChoice } from './single-choice.tsx';

const MODES = [
  { value: 'onsite', label: '实地走访' },
  { value: 'phone', label: '电话' },
] as const;

function Chooser({ clearable, initial }: { clearable?: boolean; initial?: 'onsite' | 'phone' }) {
  const [value, setValue] = useState<'onsite' | 'phone' | undefined>(initial);
  return (
    <>
      <SingleChoice options={MODES} value={value} clearable={clearable} onChange={setValue} />
      <output>{value ?? '未选择'}</output>
    </>
  );
}

describe('SingleChoice', () => {
  it('keeps a required choice chosen when its chip is tapped again, and moves to another chip', () => {
    render(<Chooser initial="onsite" />);
    fireEvent.click(screen.getByText('实地走访'));
    expect(screen.getByRole('status').textContent).toBe('onsite');
    fireEvent.click(screen.getByText('电话'));
    expect(screen.getByRole('status').textContent).toBe('phone');
  });

  it('clears a choice that may be left empty', () => {
    render(<Chooser clearable initial="phone" />);
    fireEvent.click(screen.getByText('电话'));
    expect(screen.getByRole('status').textContent).toBe('未选择');
  });
});
