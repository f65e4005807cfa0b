import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EllipsisText } from './ellipsis-text.tsx';
import { Ellipsis } from './ellipsis.tsx';

const LONG = '关于二〇二六年春季学期学生顶岗实习安排及实习单位变更申请审批流程的补充通知';
const SHORT = LONG.slice(0, 25);

describe('<Ellipsis> (desktop)', () => {
  it('shows 25 characters and ..., the whole text in a tooltip', async () => {
    render(<Ellipsis text={LONG} />);
    const shown = screen.getByText(`${SHORT}...`);
    fireEvent.mouseEnter(shown);
    expect((await screen.findByRole('tooltip')).textContent).toBe(LONG);
  });

  it('leaves short text alone, with no tooltip', () => {
    render(<Ellipsis text="实习周记" />);
    fireEvent.mouseEnter(screen.getByText('实习周记'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('takes another length, or the title attribute instead of a tooltip', () => {
    render(<Ellipsis text={LONG} length={4} tooltip={false} />);
    expect(screen.getByText(`${LONG.slice(0, 4)}...`).getAttribute('title')).toBe(LONG);
  });
});

describe('<EllipsisText> (phone, no antd)', () => {
  it('cuts at 25 with the whole text in the title attribute', () => {
    render(<EllipsisText text={LONG} />);
    expect(screen.getByText(`${SHORT}...`).getAttribute('title')).toBe(LONG);
  });

  it('short text has no title', () => {
    render(<EllipsisText text="请假申请" />);
    expect(screen.getByText('请假申请').hasAttribute('title')).toBe(false);
  });
});
