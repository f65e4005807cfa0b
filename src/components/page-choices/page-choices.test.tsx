import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PageChoice } from './page-choice.ts';
import { PageChoices } from './page-choices.tsx';
import { PageChoicesPhone } from './page-choices-phone.tsx';

const PROGRAMS = [
  { value: 'p1', label: '2026届岗位实习' },
  { value: 'p2', label: '2025届岗位实习' },
];

const choices = (onProgram: (value: string | undefined) => void, onClass: (value: string | undefined) => void): PageChoice[] => [
  { id: 'x-program', label: '实习计划', placeholder: '请选择实习计划', options: PROGRAMS, value: 'p1', onChange: onProgram },
  { id: 'x-class', label: '班级', placeholder: '全部班级', options: [{ value: 'c1', label: '软件技术2023级1班' }], value: undefined, onChange: onClass, clearable: true },
];

describe('<PageChoices> (antd)', () => {
  it('labels each select, shows the chosen option and the placeholder of an empty one', () => {
    const { container } = render(<PageChoices className="toolbar" choices={choices(vi.fn(), vi.fn())} />);
    expect(screen.getByLabelText('实习计划').id).toBe('x-program');
    expect(screen.getByLabelText('班级').id).toBe('x-class');
    expect(container.querySelector('.toolbar')!.textContent).toContain('2026届岗位实习');
    expect(container.querySelector('.toolbar')!.textContent).toContain('全部班级');
  });
});

describe('<PageChoicesPhone> (native selects)', () => {
  it('offers the options under each label, the placeholder as the empty choice of a clearable one, and hands on the choice', () => {
    const onProgram = vi.fn();
    const onClass = vi.fn();
    render(<PageChoicesPhone choices={choices(onProgram, onClass)} />);
    const program = screen.getByLabelText('实习计划') as HTMLSelectElement;
    expect(program.value).toBe('p1');
    expect(Array.from(program.options).map((o) => o.text)).toEqual(['2026届岗位实习', '2025届岗位实习']);
    fireEvent.change(program, { target: { value: 'p2' } });
    expect(onProgram).toHaveBeenCalledWith('p2');
    const klass = screen.getByLabelText('班级') as HTMLSelectElement;
    expect(Array.from(klass.options).map((o) => o.text)).toEqual(['全部班级', '软件技术2023级1班']);
    fireEvent.change(klass, { target: { value: 'c1' } });
    fireEvent.change(klass, { target: { value: '' } });
    expect(onClass.mock.calls).toEqual([['c1'], [undefined]]);
  });

  it('is disabled while there is nothing to choose', () => {
    render(<PageChoicesPhone choices={[{ id: 'y', label: '实习计划', placeholder: '请选择实习计划', options: [], value: undefined, onChange: vi.fn() }]} />);
    expect((screen.getByLabelText('实习计划') as HTMLSelectElement).disabled).toBe(true);
  });
});
